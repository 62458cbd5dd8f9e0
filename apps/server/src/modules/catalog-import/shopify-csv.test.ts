import { readFileSync } from 'node:fs';
import { CATALOG_IMPORT_MESSAGES as M, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '@shopper/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  guardFormula,
  importSizeRefusal,
  needsFormulaGuard,
  parseShopifyCsv,
  unguardFormula,
  type ShopifyCsvParse,
} from './shopify-csv.ts';

const FIXTURE = new URL('./fixtures/shopify-products.csv', import.meta.url);
const HEADER = 'Handle,Title,Vendor,Variant Price';

const parseText = (text: string) => parseShopifyCsv(Buffer.from(text, 'utf8'));

function rowsOf(result: ShopifyCsvParse) {
  if (!result.ok) throw new Error(`refused: ${result.refusal.message}`);
  return result.rows;
}

function refusalOf(result: ShopifyCsvParse) {
  if (result.ok) throw new Error('the file was accepted');
  return result.refusal;
}

describe('parseShopifyCsv: reading', () => {
  it('reads the Shopify fixture: every row with its line, cells by column name', async () => {
    const result = await parseShopifyCsv(readFileSync(FIXTURE));
    const rows = rowsOf(result);
    expect(rows).toHaveLength(223);
    expect(rows[0]?.line).toBe(2);
    // One body holds a line break, so the last of 223 rows starts on line 225.
    expect(rows.at(-1)?.line).toBe(225);
    expect(rows[0]?.cells.get('Handle')).toBe('linen-shirt');
    expect(rows[0]?.cells.get('Option2 Name')).toBe('Color');
    expect(result.ok && result.columns).toContain('Category (product.metafields.shopper.category)');
  });

  it('gives each record the line it starts on, across quoted line breaks, CRLF, blank lines and a BOM', async () => {
    const text = `\ufeff${HEADER}\r\na,"First\r\nsecond\r\nthird",V,1\r\n\r\nb,Plain,V,2\r\nc,"x\ny",V,3\r\n`;
    const rows = rowsOf(await parseText(text));
    expect(rows.map((row) => [row.cells.get('Handle'), row.line])).toEqual([
      ['a', 2],
      ['b', 6],
      ['c', 7],
    ]);
    expect(rows[0]?.cells.get('Title')).toBe('First\r\nsecond\r\nthird');
  });

  it('matches header names in any case and with spaces around, and drops rows of empty cells', async () => {
    const result = await parseText(' handle ,TITLE,vendor,variant price,Extra\na,T,V,1,x\n,,,,\nb,T,V,1,y\n');
    const rows = rowsOf(result);
    expect(result.ok && result.columns).toEqual(['Handle', 'Title', 'Vendor', 'Variant Price', 'Extra']);
    expect(rows.map((row) => [row.line, row.cells.get('Handle'), row.cells.get('Extra')])).toEqual([
      [2, 'a', 'x'],
      [4, 'b', 'y'],
    ]);
  });

  it('keeps a column named like an object property as an ordinary cell', async () => {
    const rows = rowsOf(await parseText(`${HEADER},__proto__,constructor\na,T,V,1,p,c\n`));
    expect(rows[0]?.cells.get('__proto__')).toBe('p');
    expect(rows[0]?.cells.get('constructor')).toBe('c');
  });

  it('accepts a header alone as a file with no rows', async () => {
    expect(rowsOf(await parseText(`${HEADER}\n`))).toEqual([]);
  });
});

describe('parseShopifyCsv: refusals of the whole file', () => {
  it.each([
    ['an empty file', '', null, M.fileEmpty],
    ['only line breaks', '\n\r\n', null, M.fileEmpty],
    ['only a byte order mark', '\ufeff', null, M.fileEmpty],
    ['missing required columns', 'Handle,Title\na,b\n', 1, M.missingColumns(['Vendor', 'Variant Price'])],
    ['one missing column', 'Handle,Title,Vendor\na,b,c\n', 1, M.missingColumns(['Variant Price'])],
    ['a column named twice', `${HEADER},handle\na,T,V,1,b\n`, 1, M.duplicateColumn('Handle')],
    ['a column without a name', `Handle,,Title,Vendor,Variant Price\na,,T,V,1\n`, 1, M.emptyColumnName(2)],
    ['a quote never closed', `${HEADER}\na,T,V,1\nb,"T,V,1\nc,T,V,1\n`, 3, M.quoteNotClosed(3)],
    ['a quote never closed in the header', `Handle,"Title,Vendor,Variant Price\n`, 1, M.quoteNotClosed(1)],
    ['a quote inside a quoted cell', `${HEADER}\na,"T"x,V,1\n`, 2, M.quoteInCell(2)],
    ['a quote inside a quoted header cell', `"Handle"x,Title,Vendor,Variant Price\na,T,V,1\n`, 1, M.quoteInCell(1)],
    ['a row wider than the header', `${HEADER}\na,T,V,1\nb,T,V,1,extra\n`, 3, M.wrongCellCount(3, 4, 5)],
    ['a row narrower than the header', `${HEADER}\na,T,V\n`, 2, M.wrongCellCount(2, 4, 3)],
  ])('refuses %s', async (_case, text, line, message) => {
    expect(refusalOf(await parseText(text))).toEqual({ line, message });
  });

  it('names the first line that is not UTF-8 (a Latin-1 export)', async () => {
    const latin1 = Buffer.concat([Buffer.from(`${HEADER}\na,T,V,1\n`), Buffer.from('b,Caf\xe9,V,1\n', 'latin1')]);
    expect(refusalOf(await parseShopifyCsv(latin1))).toEqual({ line: 3, message: M.notUtf8(3) });
  });

  it('refuses a UTF-16 file on its first line', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${HEADER}\na,T,V,1\n`, 'utf16le')]);
    expect(refusalOf(await parseShopifyCsv(utf16))).toEqual({ line: 1, message: M.notUtf8(1) });
  });

  it('refuses a header of 100,000 columns from its first bytes, quickly', async () => {
    const file = Buffer.from(`${'c,'.repeat(100_000)}c\n1\n`);
    const started = performance.now();
    const refusal = refusalOf(await parseShopifyCsv(file));
    expect(refusal).toEqual({ line: 1, message: M.tooManyColumns(MAX_IMPORT_COLUMNS) });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('accepts exactly the column cap and refuses one more', async () => {
    const header = (count: number) =>
      [HEADER, ...Array.from({ length: count - 4 }, (_, index) => `x${index}`)].join(',');
    expect((await parseText(`${header(MAX_IMPORT_COLUMNS)}\n`)).ok).toBe(true);
    expect(refusalOf(await parseText(`${header(MAX_IMPORT_COLUMNS + 1)}\n`)).message).toBe(
      M.tooManyColumns(MAX_IMPORT_COLUMNS),
    );
  });

  it('refuses a data row of 100,000 cells under a normal header by its line', async () => {
    const file = `${HEADER}\na,T,V,1\n${'x,'.repeat(99_999)}x\n`;
    expect(refusalOf(await parseText(file))).toEqual({ line: 3, message: M.wrongCellCount(3, 4, 100_000) });
  });

  it(`refuses more than ${MAX_IMPORT_ROWS} rows and accepts exactly that many`, async () => {
    const file = (count: number) => `${HEADER}\n${'a,T,V,1\n'.repeat(count)}`;
    expect(rowsOf(await parseText(file(MAX_IMPORT_ROWS)))).toHaveLength(MAX_IMPORT_ROWS);
    expect(refusalOf(await parseText(file(MAX_IMPORT_ROWS + 1)))).toEqual({
      line: null,
      message: M.tooManyRows(MAX_IMPORT_ROWS),
    });
  });

  it('refuses a file over the size limit before reading it', async () => {
    const file = Buffer.alloc(1024 * 1024 + 1, 0xff);
    expect(refusalOf(await parseShopifyCsv(file, { maxMegabytes: 1 }))).toEqual({
      line: null,
      message: M.fileTooLarge(1),
    });
    expect(importSizeRefusal(20 * 1024 * 1024, 20)).toBeNull();
    expect(importSizeRefusal(20 * 1024 * 1024 + 1, 20)).toEqual({ line: null, message: M.fileTooLarge(20) });
  });

  it('refuses a single endless cell by the line its row starts on', async () => {
    const file = `${HEADER}\na,"${'x'.repeat(1_100_000)}",V,1\n`;
    expect(refusalOf(await parseText(file))).toEqual({ line: 2, message: M.rowTooLong(2) });
  });

  it('words the refusals as the contract does', () => {
    expect(M.tooManyRows(20_000)).toBe('The file has more than 20,000 rows; split it into files of at most 20,000');
    expect(M.missingColumns(['Vendor'])).toBe('The header has no Vendor column; export the file from Shopify again');
  });
});

describe('formula cells', () => {
  it.each([
    ['=SUM(A1:A2)', true],
    ['+44 20 7946 0000', true],
    ['-sale', true],
    ['@cmd', true],
    ['\tx', true],
    ['\rx', true],
    ["'=x", true],
    ["''@x", true],
    ['-5', false],
    ['+1.50', false],
    ['-0.5e3', false],
    ['Linen shirt', false],
    ["'quoted", false],
    ['', false],
  ])('%j needs a guard: %s', (value, expected) => {
    expect(needsFormulaGuard(value)).toBe(expected);
  });

  it('guards with one apostrophe on export and strips exactly that one on import', () => {
    expect(guardFormula('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(guardFormula("'=x")).toBe("''=x");
    expect(guardFormula('-5')).toBe('-5');
    expect(unguardFormula('\'=HYPERLINK("x")')).toBe('=HYPERLINK("x")');
    expect(unguardFormula("''=x")).toBe("'=x");
    expect(unguardFormula("'plain")).toBe("'plain");
    expect(unguardFormula('=HYPERLINK("x")')).toBeNull();
    expect(unguardFormula('@x')).toBeNull();
    expect(unguardFormula('-3')).toBe('-3');
  });

  it('reads back every guarded value as it was, and the guarded value is never a formula', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', "'", 'a', '1', '.', ' ') }),
        (value) => {
          const written = guardFormula(value);
          expect(unguardFormula(written)).toBe(value);
          expect(written.startsWith("'") || !needsFormulaGuard(written)).toBe(true);
        },
      ),
    );
  });

  it('handles a cell of a million apostrophes without deep recursion', () => {
    expect(needsFormulaGuard(`${"'".repeat(1_000_000)}=x`)).toBe(true);
  });
});
