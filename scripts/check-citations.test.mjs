import { describe, expect, it } from 'vitest';
import {
  checkFiles,
  findBareSections,
  findDecisionReferences,
  findDocReferences,
  findExternalDocCitations,
  findMarkdownLinks,
  findSpecMentions,
  findWorkItemCitations,
  formatFinding,
  githubSlug,
  headingAnchors,
  resolveLink,
} from './check-citations.mjs';

const texts = (findings) => findings.map((finding) => finding.text);

/**
 * The citations these tests feed the rules are written with a '·' inside them, so that this file,
 * read as text, cites nothing itself; `cite` takes the marks out before a rule sees the line.
 */
const cite = (text) => text.replaceAll('·', '');

describe('external-doc', () => {
  it.each([
    ['/** SPEC ·§7 Cart. Every route acts on the signed-in user’s own cart only. */', ['SPEC ·§7']],
    ['// SPEC ·§4.2: changes apply optimistically', ['SPEC ·§4.2']],
    ['Sessions (SPEC ·§4, §9; DESIGN·.md trust boundaries).', ['SPEC ·§4', 'DESIGN·.md']],
    ['/** The only module reading import.meta.env (STYLE·.md). */', ['STYLE·.md']],
    ['see ..·/shared/SPEC·.md', ['SPEC·.md', '..·/shared/']],
  ])('%s', (line, expected) => {
    expect(texts(findExternalDocCitations(cite(line))).sort()).toEqual(expected.map(cite).sort());
  });

  it('leaves the repository’s own documents and look-alikes alone', () => {
    for (const line of [
      'See docs/product.md#cart and docs/style.md#errors.',
      'const spec = openapi.spec; // the OpenAPI spec',
      'README.md and CONTRIBUTING.md',
      'MY_DESIGN·.md is not ours to judge', // the design document's name only as part of another
    ]) {
      expect(findExternalDocCitations(cite(line)), line).toEqual([]);
    }
  });
});

describe('spec-mention', () => {
  it('finds SPEC named without a section', () => {
    expect(texts(findSpecMentions("/** Public: the SPEC's /admin page links here. */"))).toEqual(['SPEC']);
    expect(texts(findSpecMentions("it('asks for every shipping field with the one SPEC message'"))).toEqual(['SPEC']);
  });

  it('does not count an external-doc citation twice, nor lower-case spec', () => {
    expect(findSpecMentions(cite('(SPEC ·§2 Guards)'))).toEqual([]);
    expect(findSpecMentions(cite('read SPEC·.md'))).toEqual([]);
    expect(findSpecMentions('e2e/tests/cart-page.spec.ts and the OpenAPI spec')).toEqual([]);
    expect(findSpecMentions('SPECIAL_OFFERS')).toEqual([]);
  });
});

describe('bare-section', () => {
  it('finds a section sign carried over from a SPEC citation on the line before', () => {
    expect(
      texts(findBareSections("  // there but too short is §5's 'Invalid reset token', which stays on screen.")),
    ).toEqual(['§5']);
  });

  it('allows sections of published standards, and leaves lines citing a spec section to external-doc', () => {
    expect(
      findBareSections('/** If-None-Match compares weakly (RFC 9110 §13.1.2): W/"x" and "x" are the same tag. */'),
    ).toEqual([]);
    expect(findBareSections('ISO 8601 §5.4 dates')).toEqual([]);
    expect(findBareSections(cite('(SPEC ·§2, §4, §8 Add to cart)'))).toEqual([]);
  });
});

describe('work-item', () => {
  it.each([
    ['// Issue· 8 item 9: a client-chosen id could forge log lines.', ['Issue· 8']],
    ['(issue· 8, item 5): same lines at the same prices', ['issue· 8']],
    ['Issue· 11 and issue· 8 items 3 and 6.', ['Issue· 11', 'issue· 8']],
    ['fixed in issue #12', ['issue #12']],
    ['as item 5 of issue· 8 asks', ['item 5 of issue']],
    ['items 3 and 6 of the issue', ['items 3 and 6 of the issue']],
    ["// every chunk, gzip -9 (the issue's unit)", ["the issue's"]],
    ["- **The issue's 100 KB gzip target is not met", ["The issue's"]],
    ['  the path the issue names. A framework would move routing,', ['the issue names']],
    ['/** For the admin issue: moves an order along its statuses. */', ['the admin issue']],
    ['The shop is run from the back office (issue· 9) at ADMIN_URL', ['issue· 9']],
  ])('%s', (line, expected) => {
    expect(texts(findWorkItemCitations(cite(line)))).toEqual(expected.map(cite));
  });

  it('leaves ordinary English and code alone', () => {
    for (const line of [
      'This is an issue we can live with.',
      'best practices 96 everywhere (the CSP issue) and CLS 0.279',
      "failed Lighthouse's best-practices audit (inspector issues) on every page",
      'needs its own issue, with the forms made to work',
      'return result.error?.issues.map((issue) => issue.message) ?? [];',
      "ctx.addIssue({ code: 'custom', path: ['acceptTerms'] });",
      'const token = await emailTokens.issue(tx, {',
      'item 5 of the list is the fifth',
      'Two issues remain.',
    ]) {
      expect(findWorkItemCitations(line), line).toEqual([]);
    }
  });
});

describe('doc-ref and decision-ref', () => {
  it('reads docs/….md references with their anchors, but not Markdown link targets', () => {
    expect(findDocReferences('rules in docs/product.md#cart and docs/style.md (see docs/decisions/007-x.md).')).toEqual(
      [
        { column: 10, text: 'docs/product.md#cart', path: 'docs/product.md', anchor: 'cart' },
        { column: 35, text: 'docs/style.md', path: 'docs/style.md', anchor: null },
        { column: 54, text: 'docs/decisions/007-x.md', path: 'docs/decisions/007-x.md', anchor: null },
      ],
    );
    expect(findDocReferences('[the product](docs/product.md#cart)')).toEqual([]);
    expect(findDocReferences('https://example.com/docs/x.md and apps/docs/y.md')).toEqual([]);
  });

  it('reads decision numbers written as a path or in words', () => {
    const numbers = (line) => findDecisionReferences(line).map((reference) => reference.number);
    expect(numbers('(docs/decisions/029)')).toEqual(['029']);
    expect(numbers('see docs/decisions/007-checkout.md')).toEqual([]);
    expect(numbers('(decisions 007 and 014; decision 018)')).toEqual(['007', '014', '018']);
    expect(numbers("Decision 002's generated art")).toEqual(['002']);
    expect(numbers('a decision 10 times over')).toEqual([]);
    expect(numbers('the first-load budget (decision 004, 130 KB gzipped)')).toEqual(['004']);
  });
});

describe('githubSlug and headingAnchors', () => {
  it.each([
    ['Cart', 'cart'],
    ['Order history', 'order-history'],
    ['Payment API', 'payment-api'],
    ['Steps with undo', 'steps-with-undo'],
    ['`npm start` and **more**', 'npm-start-and-more'],
    ['Back-office API', 'back-office-api'],
    ['What is sold — and why?', 'what-is-sold--and-why'],
    ['A [linked](x.md) heading', 'a-linked-heading'],
    ['snake_case names', 'snake_case-names'],
  ])('%s → %s', (heading, slug) => {
    expect(githubSlug(heading)).toBe(slug);
  });

  it('collects ATX and setext headings, numbers repeats, skips code, keeps explicit ids', () => {
    const markdown = [
      '# Title',
      '## Cart',
      '```md',
      '## Not a heading',
      '```',
      '## Cart',
      'Setext heading',
      '--------------',
      '<a id="legacy-anchor"></a>',
    ].join('\n');
    expect([...headingAnchors(markdown)].sort()).toEqual([
      'cart',
      'cart-1',
      'legacy-anchor',
      'setext-heading',
      'title',
    ]);
  });
});

describe('md-link', () => {
  it('finds relative links, images and definitions outside code, and resolves them', () => {
    const markdown = [
      'See [the product](docs/product.md#cart), ![logo](./img/logo.svg "Logo") and [web](https://example.com).',
      '`[not a link](nowhere.md)`',
      '```',
      '[inside a fence](gone.md)',
      '```',
      '[ref]: ../README.md',
      '[same file](#cart)',
    ].join('\n');
    expect(findMarkdownLinks(markdown).map(({ line, target }) => [line, target])).toEqual([
      [1, 'docs/product.md#cart'],
      [1, './img/logo.svg'],
      [6, '../README.md'],
      [7, '#cart'],
    ]);
    expect(resolveLink('CONTRIBUTING.md', 'docs/product.md#cart')).toEqual({ path: 'docs/product.md', anchor: 'cart' });
    expect(resolveLink('docs/decisions/README.md', '026-first-load.md')).toEqual({
      path: 'docs/decisions/026-first-load.md',
      anchor: null,
    });
    expect(resolveLink('docs/style.md', '../CONTRIBUTING.md')).toEqual({ path: 'CONTRIBUTING.md', anchor: null });
    expect(resolveLink('docs/product.md', '#cart')).toEqual({ path: 'docs/product.md', anchor: 'cart' });
  });
});

describe('checkFiles', () => {
  const product = '# Product\n\n## Cart\n\n## Order status\n';
  const run = (files, onDisk = []) =>
    checkFiles({ files: new Map(Object.entries(files)), exists: (p) => onDisk.includes(p) });

  it('lists every finding with its file and line', () => {
    const findings = run({
      'docs/product.md': product,
      'docs/decisions/001-first.md': '# 001 — First\n\n- Status: accepted\n',
      'docs/decisions/README.md': '| [001](001-first.md) |\n',
      'apps/server/src/cart.ts': [
        '/** docs/product.md#cart: fine. */',
        cite('/** SPEC ·§4 Cart (issue· 9). */'),
        '/** docs/product.md#basket and docs/missing.md */',
        '/** decision 001 stands; decision 002 does not exist. */',
      ].join('\n'),
      'README.md': '[ok](docs/product.md#order-status) [broken](docs/product.md#orders) [gone](docs/gone.md)\n',
    });
    expect(findings.map(formatFinding)).toEqual([
      cite(
        "apps/server/src/cart.ts:2:5: external-doc: 'SPEC ·§4' cites a section of the product spec outside the repository",
      ),
      cite("apps/server/src/cart.ts:2:19: work-item: 'issue· 9' cites a work item, not a document"),
      'apps/server/src/cart.ts:3:5: doc-ref: docs/product.md has no heading #basket',
      'apps/server/src/cart.ts:3:32: doc-ref: docs/missing.md does not exist',
      'apps/server/src/cart.ts:4:26: decision-ref: no record docs/decisions/002-….md',
      'README.md:1:36: md-link: docs/product.md has no heading #orders',
      'README.md:1:69: md-link: docs/gone.md does not exist',
    ]);
  });

  it('asks `exists` about files it did not read, and cannot check their anchors', () => {
    const findings = run({ 'a.md': '![p](img/p.svg) [x](notes.txt) [y](other.md#z)\n' }, [
      'img/p.svg',
      'notes.txt',
      'other.md',
    ]);
    expect(findings.map((finding) => finding.message)).toEqual(['other.md was not read, so #z cannot be checked']);
  });

  it('flags a record missing from the decisions index', () => {
    const findings = run({
      'docs/decisions/001-first.md': '# 001 — First\n',
      'docs/decisions/002-second.md': '# 002 — Second\n',
      'docs/decisions/README.md': '| [001](001-first.md) |\n',
    });
    expect(findings.map((finding) => [finding.rule, finding.text])).toEqual([['decision-index', '002']]);
  });

  it('does not flag the check’s own files for the patterns they must spell out', () => {
    const findings = run({
      'scripts/check-citations.mjs': cite("// SPEC ·§n, issue· 12, the issue's target\n"),
      'scripts/check-citations.test.mjs': cite("expect(x('SPEC ·§7')).toEqual([]); // issue #12\n"),
    });
    expect(findings).toEqual([]);
  });
});
