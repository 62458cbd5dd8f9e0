import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CatalogImportAnswerSchema } from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { catalogImportKey, importPath } from './get-catalog-import.ts';

/**
 * POST /api/admin/catalog-import/{id}/apply: answered at once (202, `applying`); the job's own
 * query then polls its progress. A 409 when another import is applying.
 */
export function useApplyCatalogImport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiCall(`${importPath(id)}/apply`, CatalogImportAnswerSchema, { method: 'POST' }).then((answer) => answer.import),
    onSuccess: (job) => queryClient.setQueryData(catalogImportKey(id), job),
  });
}
