import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { htmlToText, textToHtml, tidyText } from './html-text.ts';

describe('htmlToText', () => {
  it.each([
    ['plain text', 'Soft cotton tee', 'Soft cotton tee'],
    ['paragraphs', '<p>One.</p><p>Two.</p>', 'One.\n\nTwo.'],
    ['a line break', '<p>Fit: regular.<br>Model wears M.</p>', 'Fit: regular.\nModel wears M.'],
    ['two line breaks', 'a<br><br/>b', 'a\n\nb'],
    ['breaks never pile up beyond one empty line', 'a<br><br><br><br>b</p><p><p>c', 'a\n\nb\n\nc'],
    ['divs as lines', '<div>Chunky cables.</div><div>Hand wash only.</div>', 'Chunky cables.\nHand wash only.'],
    [
      'lists with bullets',
      '<p>Details</p><ul><li>100% linen</li><li>Pearl buttons</li></ul><p>Care</p>',
      'Details\n\n\u2022 100% linen\n\u2022 Pearl buttons\n\nCare',
    ],
    ['a heading', '<h2>The classic</h2><p>Rigid denim.</p>', 'The classic\n\nRigid denim.'],
    [
      'table cells on one line per row',
      '<table><tr><td>Shell</td><td>70% wool</td></tr><tr><td>Lining</td></tr></table>',
      'Shell 70% wool\nLining',
    ],
    [
      'inline tags dropped',
      'A <strong>bold</strong> and <em>quiet</em> <a href="/x">link</a>',
      'A bold and quiet link',
    ],
    [
      'named, numeric and hex entities',
      '&amp; &lt;b&gt; &eacute; &rsquo; &#8482; &#x2014;',
      '& <b> é \u2019 \u2122 \u2014',
    ],
    ['legacy entities without a semicolon', 'Fish &amp chips &copy 2024', 'Fish & chips \u00a9 2024'],
    ['a legacy entity at the start of a word, as browsers read it', '&notin; &notit;', '\u2209 \u00acit;'],
    ['an unknown entity left as written', '&zzzz; & a', '&zzzz; & a'],
    ['non-breaking spaces as spaces', 'Machine wash&nbsp;&nbsp;cold', 'Machine wash cold'],
    ['source whitespace collapsed', '  <p>\n  Lots   of\n\tspace  </p>\n\n  ', 'Lots of space'],
    ['comments, scripts and styles dropped', 'a<!-- note --><script>alert(1)</script><STYLE>p{}</STYLE>b', 'ab'],
    ['a script never closed drops the rest', 'a<script>evil()', 'a'],
    ['a closing tag name that only starts like the element', '<style>x</styles>y</style>z', 'z'],
    ['a quoted > inside an attribute', '<p title="a > b">text</p>', 'text'],
    ['a < that starts no tag', 'Sizes < 10 and 3<4', 'Sizes < 10 and 3<4'],
    ['a tag left open at the end', 'text<p class="x', 'text'],
    ['Shopify’s meta and editor fragments', '<meta charset="utf-8"><p data-mce-fragment="1">Linen</p>', 'Linen'],
    ['a doctype', '<!DOCTYPE html><p>x</p>', 'x'],
    ['an empty body', '', ''],
  ])('%s', (_case, html, text) => {
    expect(htmlToText(html)).toBe(text);
  });

  it('reads a long body in linear time', () => {
    const html = '<p>word &amp; <b>word</b></p>'.repeat(50_000);
    const started = performance.now();
    expect(htmlToText(html).length).toBeGreaterThan(500_000);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('textToHtml and tidyText', () => {
  it('writes paragraphs and line breaks, escaping what HTML would read', () => {
    expect(textToHtml('Fish & chips <3\nsecond line\n\nNew paragraph')).toBe(
      '<p>Fish &amp; chips &lt;3<br>second line</p><p>New paragraph</p>',
    );
    expect(textToHtml('   ')).toBe('');
  });

  it('tidies text as htmlToText gives it back', () => {
    expect(tidyText('  a   b \r\n\r\n\r\n\t c\u00a0d  \n')).toBe('a b\n\nc d');
  });

  it('reads back any text as its tidy form, and tidying twice changes nothing', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('a', 'Z', ' ', '\n', '\r', '\t', '\u00a0', '&', '<', '>', ';', '#', 'é', '\u2022'),
        }),
        (text) => {
          expect(htmlToText(textToHtml(text))).toBe(tidyText(text));
          expect(tidyText(tidyText(text))).toBe(tidyText(text));
        },
      ),
      { numRuns: 500 },
    );
  });
});
