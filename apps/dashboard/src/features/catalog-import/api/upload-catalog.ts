import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CatalogImportAnswerSchema, type Category } from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { catalogImportKey } from './get-catalog-import.ts';

/**
 * POST /api/admin/catalog-import (multipart): the dry run. The server parses and plans the file
 * and answers the job, `planned`, with its report; nothing of the catalog is written.
 */
export function useUploadCatalog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, defaultCategory }: { file: File; defaultCategory: Category | undefined }) => {
      const form = new FormData();
      // Before the file: a server streaming the file has read the fields sent ahead of it.
      if (defaultCategory) form.append('defaultCategory', defaultCategory);
      form.append('file', file);
      return apiCall('/admin/catalog-import', CatalogImportAnswerSchema, { method: 'POST', body: form }).then(
        (answer) => answer.import,
      );
    },
    onSuccess: (job) => queryClient.setQueryData(catalogImportKey(job.id), job),
  });
}
