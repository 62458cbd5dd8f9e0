import { decodeHTML, escapeText } from 'entities';

/**
 * Shopify's `Body (HTML)` and our plain descriptions (decision 043: "a small converter: blocks to
 * line breaks, tags dropped, entities decoded"). The shop stores and shows plain text only, so
 * nothing of the markup survives but its line breaks; entities are decoded by `entities`, which
 * knows the whole HTML table, numeric references and the legacy forms without a semicolon.
 *
 * The plain text is "tidy": lines trimmed, runs of spaces single, at most one empty line between
 * paragraphs, none at either end. `htmlToText(textToHtml(text))` is `tidyText(text)` for any text,
 * so an exported description reads back as it was.
 */

/** Elements that end a paragraph: an empty line before and after. */
const PARAGRAPH_ELEMENTS = new Set(
  [
    'address article aside blockquote details dl fieldset figure footer form h1 h2 h3',
    'h4 h5 h6 header hr main nav ol p pre section table ul',
  ]
    .join(' ')
    .split(' '),
);
/** Elements that start a line of their own. */
const LINE_ELEMENTS = new Set(['caption', 'dd', 'div', 'dt', 'figcaption', 'li', 'summary', 'tr']);
/** Elements whose content is not text a reader sees. */
const HIDDEN_ELEMENTS = new Set(['head', 'noscript', 'script', 'style', 'template', 'title']);
const CELL_ELEMENTS = new Set(['td', 'th']);

const SPACES = /[ \t\n\f\r\u00a0]+/g;
const BULLET = '\u2022 ';

export function htmlToText(html: string): string {
  // Pieces joined at the end: trimming or appending to one growing string would copy it each time.
  const pieces: string[] = [];
  const last = () => pieces[pieces.length - 1] ?? '';
  // Line breaks owed before the next visible text: blocks ask for at least 1 or 2 (so nested or
  // adjacent blocks do not pile up), each <br> adds one; never more than 2 (one empty line).
  let breaks = 0;

  const write = (raw: string) => {
    let piece = decodeHTML(raw).replace(SPACES, ' ');
    if (breaks > 0 || pieces.length === 0 || last().endsWith(' ')) piece = piece.trimStart();
    if (piece === '') return;
    if (breaks > 0 && pieces.length > 0) {
      pieces[pieces.length - 1] = last().trimEnd();
      pieces.push('\n'.repeat(breaks));
    }
    breaks = 0;
    pieces.push(piece);
  };
  const atLeast = (count: number) => {
    breaks = Math.max(breaks, count);
  };

  let index = 0;
  while (index < html.length) {
    const open = html.indexOf('<', index);
    if (open === -1) {
      write(html.slice(index));
      break;
    }
    if (open > index) write(html.slice(index, open));
    const tag = readTag(html, open);
    if (tag === null) {
      write('<');
      index = open + 1;
      continue;
    }
    index = tag.end;
    if (tag.name === null) continue;
    if (!tag.isClosing && HIDDEN_ELEMENTS.has(tag.name)) {
      index = endOfElement(html, index, tag.name);
      continue;
    }
    if (tag.name === 'br') breaks = Math.min(2, breaks + 1);
    else if (PARAGRAPH_ELEMENTS.has(tag.name)) atLeast(2);
    else if (LINE_ELEMENTS.has(tag.name)) atLeast(1);
    else if (CELL_ELEMENTS.has(tag.name) && !tag.isClosing) write(' ');
    if (tag.name === 'li' && !tag.isClosing) write(BULLET);
  }
  return pieces.join('').trimEnd();
}

/** Plain text as HTML: a paragraph per block of lines, a <br> between its lines, `&`, `<`, `>` escaped. */
export function textToHtml(text: string): string {
  const tidy = tidyText(text);
  if (tidy === '') return '';
  return tidy
    .split('\n\n')
    .map((paragraph) => `<p>${paragraph.split('\n').map(escapeText).join('<br>')}</p>`)
    .join('');
}

/** The text as htmlToText would give it back: lines trimmed, spaces single, at most one empty line. */
export function tidyText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(SPACES, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

interface Tag {
  /** Lower-case element name, or null for a comment, doctype or processing instruction. */
  name: string | null;
  isClosing: boolean;
  /** Index just after the tag. */
  end: number;
}

/**
 * The tag starting at `start` (which holds '<'), or null when the '<' starts no tag and is text
 * (`a < b`). One pass with no backtracking: quoted attribute values may hold '>'. A tag left open
 * at the end of the input takes the rest, as browsers drop it.
 */
function readTag(html: string, start: number): Tag | null {
  const next = html.charAt(start + 1);
  if (html.startsWith('<!--', start)) {
    const close = html.indexOf('-->', start + 4);
    return { name: null, isClosing: false, end: close === -1 ? html.length : close + 3 };
  }
  if (next === '!' || next === '?') {
    const close = html.indexOf('>', start + 2);
    return { name: null, isClosing: false, end: close === -1 ? html.length : close + 1 };
  }
  const isClosing = next === '/';
  let index = start + (isClosing ? 2 : 1);
  if (!/[a-zA-Z]/.test(html.charAt(index))) return null;
  const nameStart = index;
  while (index < html.length && /[a-zA-Z0-9-]/.test(html.charAt(index))) index += 1;
  const name = html.slice(nameStart, index).toLowerCase();
  let quote = '';
  for (; index < html.length; index += 1) {
    const char = html.charAt(index);
    if (quote !== '') {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '>') {
      return { name, isClosing, end: index + 1 };
    }
  }
  return { name, isClosing, end: html.length };
}

/** The index after `</name …>` from `from` on (any case), or the end of the input. */
function endOfElement(html: string, from: number, name: string): number {
  // `name` is one of HIDDEN_ELEMENTS, letters only.
  const closing = new RegExp(`</${name}(?=[\\s/>]|$)`, 'gi');
  closing.lastIndex = from;
  const found = closing.exec(html);
  if (found === null) return html.length;
  const end = html.indexOf('>', found.index);
  return end === -1 ? html.length : end + 1;
}
