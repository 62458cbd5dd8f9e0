import { AuditListQuerySchema, type AuditEntry } from '@shopper/contract';
import { type Column } from '../../components/data-table.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { FilterBar, FilterSelect } from '../../components/search-box.tsx';
import { useListParams } from '../../hooks/use-list-params.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useAuditLog } from './api/get-audit-log.ts';
import styles from './audit-page.module.css';

const ENTITIES = [
  ['product', 'Products'],
  ['stock', 'Stock'],
  ['order', 'Orders'],
  ['user', 'Customers and staff'],
  ['coupon', 'Coupons'],
  ['review', 'Reviews'],
  ['setting', 'Settings'],
] as const;

/** The fields that changed, before → after; a created or deleted thing shows its whole state. */
function Change({ entry }: { entry: AuditEntry }) {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  if (keys.length === 0) return <span className={styles.muted}>—</span>;
  return (
    <dl className={styles.change}>
      {keys.slice(0, 8).map((key) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>
            {key in before ? <del>{JSON.stringify(before[key])}</del> : null}
            {key in before && key in after ? ' → ' : null}
            {key in after ? <ins>{JSON.stringify(after[key])}</ins> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const COLUMNS: Column<AuditEntry>[] = [
  { key: 'createdAt', header: 'When', sortKey: 'createdAt', render: (entry) => formatDateTime(entry.createdAt) },
  { key: 'actor', header: 'Who', render: (entry) => entry.actor?.email ?? 'Command line' },
  {
    key: 'action',
    header: 'What',
    render: (entry) => (
      <>
        <strong>{entry.action}</strong>
        <br />
        <span className={styles.muted}>
          {entry.entity} {entry.entityId}
        </span>
      </>
    ),
  },
  { key: 'change', header: 'Before → after', render: (entry) => <Change entry={entry} /> },
];

/** Owner only: every back-office change, newest first. */
export function AuditPage() {
  const { params, update } = useListParams(AuditListQuerySchema);
  const list = useAuditLog(params);
  return (
    <>
      <PageHeader title="Audit log" />
      <FilterBar>
        <FilterSelect label="Area" value={params.entity} options={ENTITIES} onChange={(entity) => update({ entity })} />
      </FilterBar>
      <PagedTable
        query={list}
        caption="Audit log"
        columns={COLUMNS}
        rowKey={(entry) => entry.id}
        sort={params.sort}
        dir={params.dir}
        onSort={() => update({ dir: params.dir === 'asc' ? 'desc' : 'asc' })}
        empty="Nothing recorded yet."
        onPage={(page) => update({ page })}
      />
    </>
  );
}
