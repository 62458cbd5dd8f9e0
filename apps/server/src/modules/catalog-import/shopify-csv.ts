import {
  CATALOG_CSV_COLUMNS,
  CATALOG_CSV_REQUIRED_COLUMNS,
  CATALOG_IMPORT_MESSAGES as M,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
} from '@shopper/contract';
import { CsvError, parse } from 'csv-parse';

/**
 * Reading a Shopify product CSV into rows (decision 043, "Import pipeline", step 1), and the rule
 * that keeps its cells from running as spreadsheet formulas. Pure: a buffer in, rows or one
 * refusal out. A refused file yields no row at all, so nothing downstream can act on half of it.
 */

/** The default of CATALOG_IMPORT_MAX_MB (decision 043); the route passes the configured value. */
export const DEFAULT_IMPORT_MAX_MEGABYTES = 20;

/**
 * A data row: `line` is the file line its record starts on (line 1 is the header). A text editor
 * shows that line; a spreadsheet numbers rows instead, which differ once a cell holds a line break,
 * so the messages say "the row starting on line N".
 */
export interface ShopifyCsvRow {
  line: number;
  /** Cell by column name (header names matched to ours case-insensitively and trimmed). */
  cells: ReadonlyMap<string, string>;
}

export interface CsvFileRefusal {
  /** null when the refusal is about the file as a whole (its size, its emptiness). */
  line: number | null;
  message: string;
}

export type ShopifyCsvParse =
  { ok: true; columns: string[]; rows: ShopifyCsvRow[] } | { ok: false; refusal: CsvFileRefusal };

export interface ShopifyCsvLimits {
  maxMegabytes?: number;
  maxRows?: number;
  maxColumns?: number;
}

/** The refusal of a file of `byteLength` bytes over `maxMegabytes`, or null when it fits. */
export function importSizeRefusal(byteLength: number, maxMegabytes: number): CsvFileRefusal | null {
  return byteLength > maxMegabytes * 1024 * 1024 ? { line: null, message: M.fileTooLarge(maxMegabytes) } : null;
}

// The row cap and the size cap bound memory; a single record is bounded too, so one endless quoted
// cell cannot grow without limit before the quote error is found. Shopify bodies are far smaller.
const MAX_RECORD_CHARACTERS = 1_000_000;
// Parsing in slices with a turn of the event loop between them lets the planning thread answer
// another file's messages while a 20 MB upload is read; 64 KB parse in about 15 ms.
const SLICE_BYTES = 64 * 1024;

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;
const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

const CANONICAL_COLUMNS = new Map<string, string>(
  [...CATALOG_CSV_COLUMNS, 'Option3 Name', 'Option3 Value'].map((name) => [name.toLowerCase(), name]),
);

class HeaderRefusal extends Error {}
class TooManyRows extends Error {}
/** PostgreSQL cannot store a NUL in text: left in, it would fail the apply, so the file is refused. */
class NulCharacter extends Error {
  constructor(
    readonly line: number,
    readonly column: string,
  ) {
    super('NUL character');
  }
}
const NUL = '\u0000';

/**
 * Reads `file` as a Shopify product CSV: UTF-8 (a byte order mark is allowed), a header of known
 * width naming Handle, Title, Vendor and Variant Price once each, then at most `maxRows` records of
 * exactly the header's width with balanced quotes. Unknown columns are kept (Shopify exports many
 * we do not read); rows whose cells are all empty are dropped, as spreadsheets append them.
 */
export async function parseShopifyCsv(file: Uint8Array, limits: ShopifyCsvLimits = {}): Promise<ShopifyCsvParse> {
  const maxRows = limits.maxRows ?? MAX_IMPORT_ROWS;
  const maxColumns = limits.maxColumns ?? MAX_IMPORT_COLUMNS;
  const refuse = (line: number | null, message: string): ShopifyCsvParse => ({ ok: false, refusal: { line, message } });

  const tooLarge = importSizeRefusal(file.byteLength, limits.maxMegabytes ?? DEFAULT_IMPORT_MAX_MEGABYTES);
  if (tooLarge) return { ok: false, refusal: tooLarge };

  const bodyStart = UTF8_BOM.every((byte, index) => file[index] === byte) ? UTF8_BOM.length : 0;
  if (file.subarray(bodyStart).every((byte) => byte === LF || byte === CR)) return refuse(null, M.fileEmpty);

  const badLine = firstLineNotUtf8(file);
  if (badLine !== null) return refuse(badLine, M.notUtf8(badLine));

  // The header's width is counted on the bytes before csv-parse sees them: a header of 100,000
  // columns is refused after reading 201 of them, not after building a 100,000-key record per row.
  const header = scanHeader(file, bodyStart, maxColumns);
  if (header.kind === 'too-wide') return refuse(1, M.tooManyColumns(maxColumns));
  if (header.kind === 'open-quote') return refuse(1, M.quoteNotClosed(1));

  const lines = lineIndex(file);
  let columns: string[] = [];
  const rows: ShopifyCsvRow[] = [];
  let lastRecordEnd = header.end;
  let recordCount = 0;

  const parser = parse({
    bom: true,
    // A function is csv-parse's way of taking the first record as the header (`columns: true`)
    // while checking it: a duplicate name would otherwise silently overwrite the earlier cell.
    columns: (names: string[]) => {
      columns = checkedHeader(names);
      return columns;
    },
    relax_column_count: false,
    skip_empty_lines: true,
    info: true,
    max_record_size: MAX_RECORD_CHARACTERS,
    on_record: ({ record, info }: { record: Record<string, string>; info: { bytes: number } }) => {
      const start = lines.lineAt(skipLineBreaks(file, lastRecordEnd));
      lastRecordEnd = info.bytes;
      const cells = new Map<string, string>();
      for (const name of columns) {
        const value = Object.hasOwn(record, name) ? (record[name] ?? '') : '';
        if (value.includes(NUL)) throw new NulCharacter(start, name);
        cells.set(name, value);
      }
      if ([...cells.values()].every((value) => value === '')) return null;
      recordCount += 1;
      if (recordCount > maxRows) throw new TooManyRows();
      rows.push({ line: start, cells });
      return null;
    },
  });

  const failure = new Promise<unknown>((resolve) => {
    parser.on('error', resolve);
    parser.on('end', () => resolve(null));
    // Records are taken in on_record; reading keeps the stream flowing to its end.
    parser.on('data', () => undefined);
  });
  let failed = false;
  void failure.then((error) => {
    failed = error !== null;
  });

  for (let offset = 0; offset < file.byteLength && !failed; offset += SLICE_BYTES) {
    parser.write(file.subarray(offset, offset + SLICE_BYTES));
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (!failed) parser.end();
  const error = await failure;

  if (error !== null) {
    // Before its columns are known, csv-parse is still reading the header.
    const line = columns.length === 0 ? 1 : lines.lineAt(skipLineBreaks(file, lastRecordEnd));
    if (error instanceof HeaderRefusal) return refuse(1, error.message);
    if (error instanceof TooManyRows) return refuse(null, M.tooManyRows(maxRows));
    if (error instanceof NulCharacter) return refuse(error.line, M.nulCharacter(error.line, error.column));
    return refuse(line, csvErrorMessage(error, line, columns.length));
  }
  if (columns.length === 0) return refuse(null, M.fileEmpty);
  return { ok: true, columns, rows };
}

function checkedHeader(names: string[]): string[] {
  const seen = new Set<string>();
  const columns = names.map((raw, index) => {
    const trimmed = raw.trim();
    if (trimmed.includes(NUL)) throw new HeaderRefusal(M.nulCharacter(1, `${index + 1} of the header`));
    if (trimmed === '') throw new HeaderRefusal(M.emptyColumnName(index + 1));
    const name = CANONICAL_COLUMNS.get(trimmed.toLowerCase()) ?? trimmed;
    if (seen.has(name.toLowerCase())) throw new HeaderRefusal(M.duplicateColumn(name));
    seen.add(name.toLowerCase());
    return name;
  });
  const missing = CATALOG_CSV_REQUIRED_COLUMNS.filter((name) => !seen.has(name.toLowerCase()));
  if (missing.length > 0) throw new HeaderRefusal(M.missingColumns(missing));
  return columns;
}

function csvErrorMessage(error: unknown, line: number, width: number): string {
  if (!(error instanceof CsvError)) return M.rowUnreadable(line);
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return M.quoteNotClosed(line);
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return M.quoteInCell(line);
    case 'CSV_RECORD_INCONSISTENT_COLUMNS':
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH': {
      const record = (error as CsvError & { record?: unknown }).record;
      return Array.isArray(record) ? M.wrongCellCount(line, width, record.length) : M.rowUnreadable(line);
    }
    case 'CSV_MAX_RECORD_SIZE':
      return M.rowTooLong(line);
    default:
      return M.rowUnreadable(line);
  }
}

type HeaderScan = { kind: 'ok'; end: number } | { kind: 'too-wide' } | { kind: 'open-quote' };

/** Counts the header's columns from `start` up to its first line break outside quotes. */
function scanHeader(file: Uint8Array, start: number, maxColumns: number): HeaderScan {
  let columnCount = 1;
  let isQuoted = false;
  for (let index = start; index < file.byteLength; index += 1) {
    const byte = file[index];
    if (byte === QUOTE) isQuoted = !isQuoted;
    else if (isQuoted) continue;
    else if (byte === COMMA && ++columnCount > maxColumns) return { kind: 'too-wide' };
    else if (byte === LF || byte === CR) return { kind: 'ok', end: index };
  }
  return isQuoted ? { kind: 'open-quote' } : { kind: 'ok', end: file.byteLength };
}

/** The first offset at or after `offset` that is not a line break: where the next record starts. */
function skipLineBreaks(file: Uint8Array, offset: number): number {
  let index = offset;
  while (index < file.byteLength && (file[index] === LF || file[index] === CR)) index += 1;
  return Math.min(index, Math.max(file.byteLength - 1, 0));
}

/**
 * Line numbers by byte offset. csv-parse counts lines itself, but counts a CRLF inside a quoted
 * cell twice; its byte offsets are exact, so lines are counted here (CRLF, LF or a lone CR is one
 * break) and looked up by offset.
 */
function lineIndex(file: Uint8Array): { lineAt: (offset: number) => number } {
  const starts = [0];
  for (let index = 0; index < file.byteLength; index += 1) {
    const byte = file[index];
    if (byte === LF || (byte === CR && file[index + 1] !== LF)) starts.push(index + 1);
  }
  return {
    lineAt(offset) {
      let low = 0;
      let high = starts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if ((starts[middle] ?? 0) <= offset) low = middle;
        else high = middle - 1;
      }
      return low + 1;
    },
  };
}

/**
 * The first line holding bytes that are not UTF-8, or null. TextDecoder's fatal mode decides; only
 * when it refuses is the file decoded line by line to name the line (a line feed byte never occurs
 * inside a UTF-8 sequence, so lines can be checked one by one).
 */
function firstLineNotUtf8(file: Uint8Array): number | null {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(file);
    return null;
  } catch {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let line = 1;
    let start = 0;
    while (start <= file.byteLength) {
      const end = file.indexOf(LF, start);
      const stop = end === -1 ? file.byteLength : end;
      try {
        decoder.decode(file.subarray(start, stop));
      } catch {
        return line;
      }
      if (end === -1) break;
      line += 1;
      start = end + 1;
    }
    return line;
  }
}

// Formula injection (decision 043): a spreadsheet runs a cell starting with one of these as a
// formula, so an exported cell could run code on the machine of whoever opens the file.
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r']);
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * True when `value` would be taken for a formula once written as it is: it starts with a formula
 * character and is not a number (`-5` and `+1.5` are numbers, which are harmless), or it is an
 * apostrophe before such a value (so an apostrophe that is part of the text survives the round trip).
 */
export function needsFormulaGuard(value: string): boolean {
  let start = 0;
  while (value.charAt(start) === "'") start += 1;
  const rest = value.slice(start);
  return FORMULA_STARTS.has(rest.charAt(0)) && !NUMBER.test(rest);
}

/** A value as the export writes it: one apostrophe before anything a spreadsheet would run. */
export function guardFormula(value: string): string {
  return needsFormulaGuard(value) ? `'${value}` : value;
}

/**
 * A cell as the import reads it: the exact inverse of guardFormula, or null for a cell that would
 * run as a formula. Such a cell is refused rather than neutralised: the shop stores the text and
 * exports it again, so guessing (dropping the `=`, or keeping it with an apostrophe the person did
 * not write) would change their data silently; a refusal names the cell and says how to keep it.
 */
export function unguardFormula(cell: string): string | null {
  if (cell.startsWith("'") && needsFormulaGuard(cell.slice(1))) return cell.slice(1);
  return needsFormulaGuard(cell) ? null : cell;
}
