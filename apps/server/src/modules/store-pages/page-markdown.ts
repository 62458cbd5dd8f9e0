import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

// GitHub-flavoured Markdown (tables, strikethrough); no hooks, so the output is only what the
// sanitiser below lets through.
const markdown = new Marked({ gfm: true, breaks: false });

/**
 * What a page may contain: text structure, links and tables. No scripts, styles, forms, frames,
 * images, SVG or MathML, no event handler or style attribute, and links only to http(s), mail and
 * telephone addresses. The page's title is its only h1, so headings start at h2.
 */
const SANITISE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'del',
    'code',
    'pre',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], ol: ['start'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Their content is code or markup, never text to show.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'svg', 'math', 'template', 'object'],
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:/i.test(attribs.href ?? '') ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/** Renders the owner's Markdown to HTML that is safe to put into a page as it is. */
export function renderPageMarkdown(source: string): string {
  const html = markdown.parse(source, { async: false });
  return sanitizeHtml(html, SANITISE);
}
