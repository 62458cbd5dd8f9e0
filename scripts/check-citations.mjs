// `node scripts/check-citations.mjs [path…]`: every citation in the repository must be one a reader
// of the repository can open. Reads every tracked or new text file (`git ls-files`), or only the paths
// given, and exits 1 listing `file:line` for each of:
//   external-doc    a section of the outside product spec, the spec, design or style document by file
//                   name, or the shared folder beside the repository: documents a reader cannot open
//   spec-mention    "the SPEC", "SPEC words": the same outside document, named without a section
//   bare-section    a section sign (§5) that is no standard's (RFC 9110 §13 is fine): a spec citation carried over
//   work-item       an issue's number (with or without #), an item of an issue, "the issue's target":
//                   work items, not documents
//   doc-ref         docs/….md or docs/….md#anchor whose file is missing or has no such heading
//   decision-ref    docs/decisions/NNN or "decision NNN" naming a record that does not exist
//   md-link         a relative link of a Markdown file to a missing file or heading
//   decision-index  a record of docs/decisions missing from docs/decisions/README.md
// The rules are exported as pure functions for scripts/check-citations.test.mjs.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Files that must spell out the patterns they look for. */
export const OWN_FILES = new Set(['scripts/check-citations.mjs', 'scripts/check-citations.test.mjs']);

/** Rules from which OWN_FILES are exempt: the ones matching the words themselves. */
const PATTERN_RULES = new Set(['external-doc', 'spec-mention', 'bare-section', 'work-item']);

/** Tracked files never read: generated, huge, or not prose. */
const SKIPPED = [/(^|\/)package-lock\.json$/, /^apps\/server\/drizzle\/meta\//];

const EXTERNAL_DOC_PATTERNS = [
  { pattern: /\bSPEC\s*§\s*\d+(?:\.\d+)*/g, what: 'a section of the product spec outside the repository' },
  { pattern: /\b(?:SPEC|DESIGN|STYLE)\.md\b/g, what: 'a document outside the repository' },
  { pattern: /\.\.\/shared\//g, what: 'a folder outside the repository' },
];

/**
 * "SPEC" in capitals, as a word, names the outside product spec ("the SPEC's /admin page", "the one
 * SPEC message"); lower-case "spec" (OpenAPI spec, Playwright spec files) is left alone.
 */
const SPEC_MENTION = /\bSPEC\b(?!\s*§|\.md)/g;

/** A section sign, unless it follows the name of a published standard on the same line. */
const SECTION_SIGN = /§\s*\d+/g;
const STANDARD_BEFORE = /\b(?:RFC|ISO(?:\/IEC)?|ECMA-?|IEC|IEEE|W3C)\s*[\w.-]*\s*(?:§\s*[\d.]+\s*(?:,|and|or)\s*)*$/i;

/**
 * Work items: numbered issues (the word and a number, with or without '#', alone, in a list or with
 * an item after it), items of an issue, and the few unnumbered turns this corpus used for the same thing
 * ("the issue's target", "the issue names", "the admin issue"). English uses of the word ("an
 * issue", "the CSP issue", "inspector issues", zod's `error.issues`) do not match.
 */
const WORK_ITEM_PATTERNS = [
  /\bissues?\s+#?\d+\b/gi,
  /\bitems?\s+\d+(?:\s*(?:,|and)\s*\d+)*\s+of\s+(?:the\s+|an?\s+)?issue\b/gi,
  /\bthe\s+issue's\b/gi,
  /\bthe\s+issue\s+(?:names|asks|wants|says|lists|requires|sets)\b/gi,
  /\b(?:the|this|that)\s+(?:admin|back-office|ssr|seo|security|hardening|performance)\s+issue\b/gi,
];

/** `docs/….md` and `docs/….md#anchor` written as text (in code, comments or prose), from the root. */
const DOC_REFERENCE = /(?<![\w./-])docs\/[\w./-]+?\.md(?!\w)(?:#[\w-]+)?/g;

/** `docs/decisions/NNN` without the rest of the file name. */
const DECISION_PATH = /(?<![\w./-])docs\/decisions\/(\d{3})(?![\d-])/g;

/**
 * 'decision 018', 'decisions 007 and 014', 'Decision 002's'. A number followed by a unit is a
 * figure, not a record: "(decision 004, 130 KB gzipped)".
 */
const DECISION_WORDS = /\bdecisions?\s+(\d{3})((?:\s*(?:,|and|or)\s*\d{3}\b(?!\s*(?:[KMG]B|ms|px|%|s\b)))*)\b/gi;

/** One finding per match: the rule, the 1-based column and the text that matched. */
function matchesOf(line, pattern, rule, message) {
  const found = [];
  for (const match of line.matchAll(pattern)) {
    found.push({ rule, column: match.index + 1, text: match[0], message: message(match) });
  }
  return found;
}

/** Citations of the outside spec, design and style documents, and of the folder holding them, on one line. */
export function findExternalDocCitations(line) {
  return EXTERNAL_DOC_PATTERNS.flatMap(({ pattern, what }) =>
    matchesOf(line, pattern, 'external-doc', (match) => `'${match[0]}' cites ${what}`),
  );
}

/** "SPEC" as a word, when it is not already an external-doc citation. */
export function findSpecMentions(line) {
  return matchesOf(line, SPEC_MENTION, 'spec-mention', () => "'SPEC' names the product spec outside the repository");
}

/**
 * Section signs that are not a standard's, on a line that holds no spec section citation of its own
 * (that one is reported once, as external-doc): the '§5' left over from a citation of several sections.
 */
export function findBareSections(line) {
  if (/\bSPEC\s*§/.test(line)) return [];
  return matchesOf(
    line,
    SECTION_SIGN,
    'bare-section',
    (match) => `'${match[0]}' cites a section of no document`,
  ).filter((finding) => !STANDARD_BEFORE.test(line.slice(0, finding.column - 1)));
}

/** Numbered or named work items. Overlapping matches (an issue's number, then an item of it) count once. */
export function findWorkItemCitations(line) {
  const found = WORK_ITEM_PATTERNS.flatMap((pattern) =>
    matchesOf(line, pattern, 'work-item', (match) => `'${match[0]}' cites a work item, not a document`),
  ).sort((a, b) => a.column - b.column);
  return found.filter(
    (finding, index) =>
      !found.some(
        (other, otherIndex) =>
          otherIndex < index && finding.column < other.column + other.text.length && other.column <= finding.column,
      ),
  );
}

/** `docs/….md[#anchor]` references on one line, except as a Markdown link's target (md-link checks those). */
export function findDocReferences(line) {
  const found = [];
  for (const match of line.matchAll(DOC_REFERENCE)) {
    if (line.slice(Math.max(0, match.index - 2), match.index) === '](') continue;
    const [file, anchor] = match[0].split('#');
    found.push({ column: match.index + 1, text: match[0], path: file, anchor: anchor ?? null });
  }
  return found;
}

/** Decision numbers named on one line, as `docs/decisions/NNN` or 'decision NNN'. */
export function findDecisionReferences(line) {
  const found = [];
  for (const match of line.matchAll(DECISION_PATH)) {
    found.push({ column: match.index + 1, text: match[0], number: match[1] });
  }
  for (const match of line.matchAll(DECISION_WORDS)) {
    const numbers = [match[1], ...(match[2].match(/\d{3}/g) ?? [])];
    for (const number of numbers) found.push({ column: match.index + 1, text: match[0], number });
  }
  return found;
}

/**
 * The anchor GitHub gives a heading: the rendered text lower-cased, everything but letters, marks,
 * digits, connector punctuation, hyphens and spaces dropped, each space a hyphen (no collapsing).
 */
export function githubSlug(heading) {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__|\*)(.+?)\1/g, '$2')
    .trim();
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Whether each line of a Markdown text is inside a fenced code block. */
function fencedLines(lines) {
  let fence = null;
  return lines.map((line) => {
    const opener = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence === null) {
      if (opener) {
        fence = opener[1];
        return true;
      }
      return false;
    }
    if (opener && opener[1][0] === fence[0] && opener[1].length >= fence.length && line.trim() === opener[1]) {
      fence = null;
    }
    return true;
  });
}

/** Every anchor a Markdown text offers: its headings' slugs (repeats get -1, -2…) and explicit ids. */
export function headingAnchors(markdown) {
  const lines = markdown.split('\n');
  const inFence = fencedLines(lines);
  const anchors = new Set();
  const seen = new Map();
  const add = (heading) => {
    const slug = githubSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  };
  lines.forEach((line, index) => {
    if (inFence[index]) return;
    const atx = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (atx) return add(atx[1]);
    const next = lines[index + 1];
    const isParagraphLine = line.trim() !== '' && !/^\s*([-*+>|]|\d+\.)\s/.test(line) && !/^ {0,3}#/.test(line);
    if (isParagraphLine && next !== undefined && !inFence[index + 1] && /^ {0,3}(=+|-+)\s*$/.test(next)) {
      // A one-line paragraph only: what follows a blank line, a heading or the start of the text.
      const previous = lines[index - 1];
      if (previous === undefined || previous.trim() === '' || /^ {0,3}#{1,6}\s/.test(previous)) add(line);
    }
  });
  for (const match of markdown.matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/g)) anchors.add(match[1]);
  return anchors;
}

/**
 * Relative link targets of a Markdown text, with their line: inline links and images, and link
 * reference definitions. Web addresses, mail and links inside code are left out.
 */
export function findMarkdownLinks(markdown) {
  const lines = markdown.split('\n');
  const inFence = fencedLines(lines);
  const found = [];
  lines.forEach((line, index) => {
    if (inFence[index]) return;
    const prose = line.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length));
    const targets = [];
    for (const match of prose.matchAll(/!?\[[^\]]*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+["'(][^)]*)?\)/g)) {
      targets.push({ column: match.index + 1, target: match[1].replace(/^<|>$/g, '') });
    }
    const definition = /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(prose);
    if (definition) targets.push({ column: 1, target: definition[1].replace(/^<|>$/g, '') });
    for (const { column, target } of targets) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
      found.push({ line: index + 1, column, target });
    }
  });
  return found;
}

/** The repository-relative path a link target names from a file, with its anchor. */
export function resolveLink(fromFile, target) {
  const [withoutAnchor, anchor = null] = target.split('#');
  const raw = withoutAnchor.split('?')[0];
  let bare = raw;
  try {
    bare = decodeURIComponent(raw);
  } catch {
    // A stray % is part of the name.
  }
  if (bare === '') return { path: fromFile, anchor };
  const joined = bare.startsWith('/') ? bare.slice(1) : path.posix.join(path.posix.dirname(fromFile), bare);
  return { path: path.posix.normalize(joined).replace(/\/$/, ''), anchor };
}

/**
 * Every finding over a set of files. `files` maps repository paths to their text (the files to
 * check, and any Markdown whose headings are looked up); `exists(path)` answers for anything else
 * (pictures, folders, files not read).
 */
export function checkFiles({ files, exists }) {
  const findings = [];
  const anchorsOf = new Map();
  const isThere = (file) => files.has(file) || exists(file);
  const anchorsIn = (file) => {
    if (!anchorsOf.has(file)) anchorsOf.set(file, files.has(file) ? headingAnchors(files.get(file)) : null);
    return anchorsOf.get(file);
  };
  const decisionRecords = new Set(
    [...files.keys()].map((file) => /^docs\/decisions\/(\d{3})-[^/]+\.md$/.exec(file)?.[1]).filter(Boolean),
  );
  const recordExists = (number) =>
    decisionRecords.has(number) || exists(`docs/decisions/${number}`) || exists(`docs/decisions/${number}-`);

  const missingTarget = (file, anchor) => {
    if (!isThere(file)) return `${file} does not exist`;
    if (anchor === null || anchor === '' || !file.endsWith('.md')) return null;
    const anchors = anchorsIn(file);
    if (anchors === null) return `${file} was not read, so #${anchor} cannot be checked`;
    return anchors.has(anchor) ? null : `${file} has no heading #${anchor}`;
  };

  for (const [file, text] of files) {
    const isOwn = OWN_FILES.has(file);
    const lines = text.split('\n');
    lines.forEach((line, index) => {
      const at = (finding) => findings.push({ file, line: index + 1, ...finding });
      const onLine = [
        ...findExternalDocCitations(line),
        ...findSpecMentions(line),
        ...findBareSections(line),
        ...findWorkItemCitations(line),
      ].filter((finding) => !(isOwn && PATTERN_RULES.has(finding.rule)));
      onLine.forEach(at);
      if (isOwn) return;
      for (const reference of findDocReferences(line)) {
        const problem = missingTarget(reference.path, reference.anchor);
        if (problem) at({ rule: 'doc-ref', column: reference.column, text: reference.text, message: problem });
      }
      for (const reference of findDecisionReferences(line)) {
        if (!recordExists(reference.number)) {
          at({
            rule: 'decision-ref',
            column: reference.column,
            text: reference.text,
            message: `no record docs/decisions/${reference.number}-….md`,
          });
        }
      }
    });
    if (file.endsWith('.md') && !isOwn) {
      for (const link of findMarkdownLinks(text)) {
        const { path: target, anchor } = resolveLink(file, link.target);
        const problem = missingTarget(target, anchor);
        if (problem) {
          findings.push({
            file,
            line: link.line,
            rule: 'md-link',
            column: link.column,
            text: link.target,
            message: problem,
          });
        }
      }
    }
  }

  const index = files.get('docs/decisions/README.md');
  if (index !== undefined) {
    for (const number of [...decisionRecords].sort()) {
      if (!new RegExp(`\\]\\(\\.?/?${number}-[^)]+\\.md\\)`).test(index)) {
        findings.push({
          file: 'docs/decisions/README.md',
          line: 1,
          rule: 'decision-index',
          column: 1,
          text: number,
          message: `record ${number} is not listed in the index`,
        });
      }
    }
  }

  return findings.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}

/** `file:line:column: rule: message` */
export function formatFinding(finding) {
  return `${finding.file}:${finding.line}:${finding.column}: ${finding.rule}: ${finding.message}`;
}

function isText(buffer) {
  return !buffer.subarray(0, 8000).includes(0);
}

function main(argv) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  // Files not yet added count too (unless ignored): a new file is checked before its first commit.
  const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file !== '' && existsSync(path.join(root, file)));
  const trackedSet = new Set(tracked);
  const trackedDirs = new Set(
    tracked.flatMap((file) =>
      file
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
    ),
  );
  const wanted = argv.length > 0 ? new Set(argv.map((arg) => path.relative(root, path.resolve(arg)))) : null;

  const files = new Map();
  for (const file of tracked) {
    if (SKIPPED.some((pattern) => pattern.test(file))) continue;
    const isWanted = wanted === null || [...wanted].some((w) => file === w || file.startsWith(`${w}/`));
    // Markdown is read even when not checked: other files' anchors point into it.
    if (!isWanted && !file.endsWith('.md')) continue;
    const absolute = path.join(root, file);
    if (!existsSync(absolute)) continue;
    const buffer = readFileSync(absolute);
    if (!isText(buffer)) continue;
    files.set(file, buffer.toString('utf8'));
  }
  const exists = (file) => {
    if (trackedSet.has(file) || trackedDirs.has(file) || existsSync(path.join(root, file))) return true;
    // 'docs/decisions/007-' asks whether some record starts so.
    return file.endsWith('-') && tracked.some((candidate) => candidate.startsWith(file));
  };

  const findings = checkFiles({ files, exists }).filter(
    (finding) => wanted === null || [...wanted].some((w) => finding.file === w || finding.file.startsWith(`${w}/`)),
  );
  for (const finding of findings) console.log(formatFinding(finding));
  const byRule = new Map();
  for (const finding of findings) byRule.set(finding.rule, (byRule.get(finding.rule) ?? 0) + 1);
  const lines = new Set(findings.map((finding) => `${finding.file}:${finding.line}`));
  const summary = [...byRule].map(([rule, count]) => `${rule} ${count}`).join(', ');
  if (findings.length > 0) {
    console.error(`\n${findings.length} citation problems on ${lines.size} lines (${summary}).`);
    process.exitCode = 1;
  } else {
    console.error('Every citation points at something in the repository.');
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
