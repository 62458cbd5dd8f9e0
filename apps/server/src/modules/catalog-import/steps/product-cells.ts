import { CATALOG_IMPORT_MESSAGES as M, type CatalogImportReason } from '@shopper/contract';
import type { z } from 'zod';
import { unguardFormula, type ShopifyCsvRow } from '../shopify-csv.ts';

/** The cells of one product, each read once, with every refusal noted against its line and column. */
export class ProductCells {
  readonly reasons: CatalogImportReason[] = [];
  /** `line column` of every refused cell: a file of thousands of refused rows is checked in linear time. */
  private readonly refused = new Set<string>();
  constructor(private readonly present: ReadonlySet<string>) {}

  has(column: string): boolean {
    return this.present.has(column);
  }

  /** Notes a reason; only the first per cell, so a refused cell is not refused again by a later rule. */
  refuse(line: number, column: string, message: string): void {
    const cell = `${line} ${column}`;
    if (this.refused.has(cell)) return;
    this.refused.add(cell);
    this.reasons.push({ line, column, message });
  }

  hasRefusedColumn(test: (column: string) => boolean): boolean {
    return this.reasons.some((reason) => test(reason.column));
  }

  /** The cell's text ('' for a column the file lacks); a cell that would run as a formula is refused. */
  text(row: ShopifyCsvRow, column: string): string {
    const cell = row.cells.get(column) ?? '';
    const value = unguardFormula(cell);
    if (value !== null) return value;
    this.refuse(row.line, column, M.formulaCell);
    return cell;
  }

  /** The value of `schema` for `input`, or `fallback` and a reason in the contract's words. */
  check<T, F>(schema: z.ZodType<T>, input: unknown, line: number, column: string, fallback: F): T | F {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    this.refuse(line, column, result.error.issues[0]?.message ?? result.error.message);
    return fallback;
  }

  sortedReasons(): CatalogImportReason[] {
    return this.reasons.sort((a, b) => a.line - b.line);
  }
}
