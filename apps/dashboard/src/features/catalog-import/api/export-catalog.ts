import { apiCall } from '../../../lib/api-client.ts';
import { TextAnswer } from '../../../lib/download.ts';

/** GET /api/admin/products/export.csv: the catalog as Shopify's product CSV, fetched with the session's token. */
export function getCatalogCsv() {
  return apiCall('/admin/products/export.csv', TextAnswer);
}
