import { useSearchParams } from 'react-router';
import { BACK_OFFICE_UI_MESSAGES as T, CATALOG_IMPORT_ACTIONS, type CatalogImportAction } from '@shopper/contract';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useCatalogImport } from './api/get-catalog-import.ts';
import { ExportCatalog } from './components/export-catalog.tsx';
import { ImportReport } from './components/import-report.tsx';
import { ImportSummary } from './components/import-summary.tsx';
import { ImportUploadForm } from './components/import-upload-form.tsx';
import styles from './catalog-import.module.css';

const isAction = (value: string | null): value is CatalogImportAction =>
  (CATALOG_IMPORT_ACTIONS as readonly (string | null)[]).includes(value);

/** One import, found again from the URL after a reload: its state and its report. */
function ImportJob({ id }: { id: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const rawAction = searchParams.get('action');
  const action = isAction(rawAction) ? rawAction : undefined;
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const job = useCatalogImport(id);
  return (
    <QueryState isPending={job.isPending} error={job.error} onRetry={() => void job.refetch()} fallback={T.loadFailed}>
      {job.data ? (
        <>
          <ImportSummary job={job.data} />
          <ImportReport
            job={job.data}
            action={action}
            page={page}
            onChange={(changes) =>
              setSearchParams((previous) => {
                const next = new URLSearchParams(previous);
                for (const [key, value] of Object.entries(changes)) {
                  if (value) next.set(key, String(value));
                  else next.delete(key);
                }
                return next;
              })
            }
          />
        </>
      ) : null}
    </QueryState>
  );
}

/**
 * The catalog as Shopify's product CSV (decision 043): check a file (the dry run), read its report,
 * import it while its progress is shown, and export the catalog.
 */
export function CatalogImportPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const jobId = searchParams.get('job');
  return (
    <>
      <PageHeader title={T.importTitle} />
      <div className={styles.layout}>
        {jobId ? (
          <ImportJob key={jobId} id={jobId} />
        ) : (
          <ImportUploadForm onPlanned={(job) => setSearchParams({ job: job.id })} />
        )}
        <ExportCatalog />
      </div>
    </>
  );
}
