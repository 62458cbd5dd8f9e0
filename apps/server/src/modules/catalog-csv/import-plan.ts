import type { ExistingProductForPlan } from './catalog-csv-product.ts';
import type { ShopifyCsvRow } from './shopify-csv.ts';
import type { ImportPlanLine, PlanOptions, ReadCatalog } from './steps/file-product.ts';
import { planImportInSteps } from './steps/plan-import.ts';
import { readProductsInSteps } from './steps/read-products.ts';
import { runInSlices, runToEnd } from './steps/run-in-slices.ts';

/**
 * Steps 2 and 3 of decision 043's import pipeline, pure: rows grouped into products and checked
 * with the editor's own rules (`readProducts`, steps/read-products.ts), then compared with the
 * shop's products of the same handles (`planImport`, steps/plan-import.ts). Nothing here reads or
 * writes the database. The `…InSlices` forms hand the event loop back while a large file is planned.
 */

export {
  COLUMN,
  type FileColour,
  type FileProduct,
  type FileVariant,
  type ImportPlanLine,
  type PlanOptions,
  type ReadCatalog,
} from './steps/file-product.ts';

type ParsedCsv = { columns: readonly string[]; rows: readonly ShopifyCsvRow[] };

export const readProducts = (csv: ParsedCsv): ReadCatalog => runToEnd(readProductsInSteps(csv));
export const readProductsInSlices = (csv: ParsedCsv): Promise<ReadCatalog> => runInSlices(readProductsInSteps(csv));

export const planImport = (
  read: ReadCatalog,
  existing: ReadonlyMap<string, ExistingProductForPlan>,
  options: PlanOptions = {},
): ImportPlanLine[] => runToEnd(planImportInSteps(read, existing, options));
export const planImportInSlices = (
  read: ReadCatalog,
  existing: ReadonlyMap<string, ExistingProductForPlan>,
  options: PlanOptions = {},
): Promise<ImportPlanLine[]> => runInSlices(planImportInSteps(read, existing, options));
