import {
  BACK_OFFICE_UI_MESSAGES as T,
  CATALOG_IMPORT_ACTIONS,
  type CatalogImport,
  type CatalogImportAction,
  type CatalogImportLine,
} from '@shopper/contract';
import { Badge, type BadgeTone } from '../../../components/badge.tsx';
import { type Column } from '../../../components/data-table.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { Panel } from '../../../components/panel.tsx';
import { FilterBar, FilterSelect } from '../../../components/search-box.tsx';
import { useCatalogImportLines } from '../api/get-catalog-import.ts';
import styles from '../catalog-import.module.css';

const ACTION_TONES: Record<CatalogImportAction, BadgeTone> = {
  create: 'success',
  update: 'warning',
  unchanged: 'neutral',
  refuse: 'danger',
};

const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

/** What a line will do or did: the fields it changes, why it is refused, and once applied, its outcome. */
function Details({ line }: { line: CatalogImportLine }) {
  const { outcome } = line;
  return (
    <div className={styles.details}>
      {line.reasons.length > 0 ? (
        <ul className={styles.reasons}>
          {line.reasons.map((reason, index) => (
            <li key={index}>
              Line {reason.line}
              {reason.column ? `, ${reason.column}` : ''}: {reason.message}
            </li>
          ))}
        </ul>
      ) : null}
      {line.changes.length > 0 ? <p>{line.changes.join(', ')}</p> : null}
      {line.state === 'failed' ? <Badge tone="danger">Failed</Badge> : null}
      {outcome ? (
        <>
          <p>
            Stock {signed(outcome.stockDelta)} · {outcome.imagesFetched} image{outcome.imagesFetched === 1 ? '' : 's'}{' '}
            fetched
          </p>
          {outcome.imagesSkipped.length > 0 ? (
            <ul className={styles.reasons}>
              {outcome.imagesSkipped.map((image) => (
                <li key={image.url}>
                  Skipped {image.url}: {image.reason}
                </li>
              ))}
            </ul>
          ) : null}
          {outcome.error ? <p className={styles.failed}>{outcome.error}</p> : null}
        </>
      ) : null}
    </div>
  );
}

const COLUMNS: Column<CatalogImportLine>[] = [
  { key: 'line', header: 'Line', align: 'end', render: (line) => line.firstLine },
  { key: 'handle', header: 'Handle', render: (line) => <code className={styles.handle}>{line.handle}</code> },
  { key: 'name', header: 'Name', render: (line) => line.name },
  {
    key: 'action',
    header: 'Action',
    render: (line) => <Badge tone={ACTION_TONES[line.action]}>{T.importActionLabels[line.action]}</Badge>,
  },
  { key: 'details', header: 'Changes or reasons', render: (line) => <Details line={line} /> },
];

/** The dry run's report, one row per product of the file, by action and page. */
export function ImportReport({
  job,
  action,
  page,
  onChange,
}: {
  job: CatalogImport;
  action: CatalogImportAction | undefined;
  page: number;
  onChange: (changes: { action?: CatalogImportAction | undefined; page?: number | undefined }) => void;
}) {
  const lines = useCatalogImportLines(job.id, { action, page }, job.status);
  return (
    <Panel title="Report">
      <FilterBar>
        <FilterSelect
          label="Action"
          value={action}
          options={CATALOG_IMPORT_ACTIONS.map((value) => [value, T.importActionLabels[value]] as const)}
          onChange={(value) => onChange({ action: value as CatalogImportAction | undefined, page: undefined })}
        />
      </FilterBar>
      <PagedTable
        query={lines}
        caption="Import report"
        columns={COLUMNS}
        rowKey={(line) => String(line.position)}
        empty="No product of the file matches."
        onPage={(next) => onChange({ page: next })}
      />
    </Panel>
  );
}
