import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CATALOG_IMPORT_POLL_MS,
  CatalogImportAnswerSchema,
  CatalogImportLinesPageSchema,
  type CatalogImport,
  type CatalogImportAction,
} from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';

export const catalogImportKey = (id: string) => ['admin', 'catalog-import', id] as const;
export const importPath = (id: string) => `/admin/catalog-import/${encodeURIComponent(id)}`;

/** Lines of the report per page. */
export const IMPORT_LINES_PAGE_SIZE = 50;

/**
 * GET /api/admin/catalog-import/{id}: the job, asked again every CATALOG_IMPORT_POLL_MS while it
 * is applying (decision 043). When it stops, the catalog has changed: the product lists and Home
 * are fetched again.
 */
export function useCatalogImport(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: catalogImportKey(id),
    queryFn: async ({ signal }) => {
      const job = (await apiCall(importPath(id), CatalogImportAnswerSchema, { signal })).import;
      const before = queryClient.getQueryData<CatalogImport>(catalogImportKey(id));
      if (before?.status === 'applying' && job.status !== 'applying') {
        void queryClient.invalidateQueries({ queryKey: ['admin', 'products'] });
        void queryClient.invalidateQueries({ queryKey: ['admin', 'home'] });
      }
      return job;
    },
    refetchInterval: (query) => (query.state.data?.status === 'applying' ? CATALOG_IMPORT_POLL_MS : false),
  });
}

/**
 * GET /api/admin/catalog-import/{id}/lines: one page of the report, by action if asked. Read again
 * when the job's status changes (the lines then carry what applying them did), not on every poll.
 */
export function useCatalogImportLines(
  id: string,
  query: { action: CatalogImportAction | undefined; page: number },
  status: CatalogImport['status'],
) {
  return useQuery({
    queryKey: [...catalogImportKey(id), 'lines', query, status],
    queryFn: ({ signal }) =>
      apiCall(`${importPath(id)}/lines`, CatalogImportLinesPageSchema, {
        query: { ...query, pageSize: IMPORT_LINES_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
