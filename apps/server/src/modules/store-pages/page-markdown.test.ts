import { describe, expect, it } from 'vitest';
import { renderPageMarkdown } from './page-markdown.ts';
import { STARTER_PAGES } from './starter-pages.ts';

/** Hostile page text, and what must not survive its rendering. */
const HOSTILE: [string, string, RegExp][] = [
  ['a script element', 'Hi <script>alert(1)</script> there', /<script|alert\(1\)/i],
  [
    'an event handler',
    '<p onclick="alert(1)">tap</p> <a href="/x" onmouseover="alert(2)">x</a>',
    /on(click|mouseover)|alert/i,
  ],
  ['an image with onerror', '<img src=x onerror="alert(1)">', /<img|onerror/i],
  ['a javascript: Markdown link', '[click](javascript:alert(1))', /javascript:/i],
  ['a javascript: HTML link', '<a href="JaVaScRiPt:alert(1)">x</a>', /javascript:/i],
  ['an entity-encoded javascript: link', '<a href="&#106;avascript:alert(1)">x</a>', /avascript|href/i],
  ['a data: link', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)', /data:|href/i],
  ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', /vbscript/i],
  ['a protocol-relative link', '<a href="//evil.example/x">x</a>', /evil\.example/i],
  [
    'inline SVG with a script',
    '<svg onload="alert(1)"><script>alert(2)</script><circle r="4"/></svg>',
    /<svg|onload|alert|circle/i,
  ],
  ['an iframe', '<iframe src="https://evil.example"></iframe>', /<iframe|evil/i],
  ['an object and embed', '<object data="x.swf"></object><embed src="x.swf">', /<object|<embed|swf/i],
  ['a style element', '<style>body{display:none}</style>', /<style|display:none/i],
  ['a style attribute', '<p style="position:fixed;inset:0">cover</p>', /style=|position:fixed/i],
  ['a form', '<form action="https://evil.example"><input name="password"></form>', /<form|<input|evil/i],
  ['a meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example">', /<meta|evil/i],
  ['a base element', '<base href="https://evil.example/">', /<base|evil/i],
  ['MathML', '<math><mtext><script>alert(1)</script></mtext></math>', /<math|alert/i],
  ['a template', '<template><img src=x onerror=alert(1)></template>', /<template|onerror|alert/i],
  ['a broken tag trick', '<<script>script>alert(1)<</script>/script>', /<script/i],
];

describe('renderPageMarkdown', () => {
  it.each(HOSTILE)('drops %s', (_name, source, forbidden) => {
    const html = renderPageMarkdown(source);
    expect(html).not.toMatch(forbidden);
  });

  it('keeps the structure a page needs: headings, lists, emphasis, tables, safe links', () => {
    const html = renderPageMarkdown(
      [
        '# Terms',
        '## Orders',
        '- one **bold** and *soft*',
        '',
        '[Returns](/pages/returns) · [Mail us](mailto:shop@example.com) · [Site](https://example.com)',
        '',
        '| Size | Chest |',
        '|---|---|',
        '| M | 93 |',
      ].join('\n'),
    );
    // The page's title is its one h1: a Markdown h1 becomes an h2.
    expect(html).toContain('<h2>Terms</h2>');
    expect(html).not.toContain('<h1');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<a href="/pages/returns">Returns</a>');
    expect(html).toContain('<a href="mailto:shop@example.com">Mail us</a>');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">Site</a>');
    expect(html).toMatch(/<table>[\s\S]*<td>93<\/td>/);
  });

  it('renders every starter page without losing its "adapt this" notice', () => {
    for (const source of Object.values(STARTER_PAGES)) {
      expect(renderPageMarkdown(source)).toContain('<strong>Starter text.</strong>');
    }
  });
});
