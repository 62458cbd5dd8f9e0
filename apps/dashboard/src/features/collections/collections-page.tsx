import { Link } from 'react-router';
import { type AdminCollection, BACK_OFFICE_UI_MESSAGES as T, collectionPath } from '@shopper/contract';
import { Badge } from '../../components/badge.tsx';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useCollections } from './api/collections.ts';
import styles from './collections.module.css';

function visibility(collection: AdminCollection) {
  if (collection.isHidden) return <Badge tone="neutral">Hidden</Badge>;
  if (collection.isVisibleNow) return <Badge tone="success">Showing</Badge>;
  return <Badge tone="warning">Scheduled</Badge>;
}

function window(collection: AdminCollection): string {
  const from = collection.visibleFrom ? `from ${formatDateTime(collection.visibleFrom)}` : '';
  const until = collection.visibleUntil ? `until ${formatDateTime(collection.visibleUntil)}` : '';
  return [from, until].filter(Boolean).join(' ') || 'Always';
}

const COLUMNS: Column<AdminCollection>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (c) => <Link to={`/collections/${c.id}`}>{c.name}</Link>,
  },
  {
    key: 'slug',
    header: 'Page',
    render: (c) => (
      <a href={collectionPath(c.slug)} target="_blank" rel="noopener">
        {collectionPath(c.slug)}
      </a>
    ),
  },
  {
    key: 'kind',
    header: 'Products',
    render: (c) => (c.kind === 'manual' ? `${c.productIds.length} chosen by hand` : 'By a rule'),
  },
  { key: 'visibility', header: 'Visibility', render: visibility },
  { key: 'window', header: 'Dates', render: window },
];

/** Every collection, hidden and scheduled ones too (docs/collections.md). */
export function CollectionsPage() {
  const collections = useCollections();
  return (
    <>
      <PageHeader
        title="Collections"
        actions={
          <div className={styles.actions}>
            <Link className={styles.linkButton} to="/collections/home">
              Home page sections
            </Link>
            <Link className={`${styles.linkButton} ${styles.primary}`} to="/collections/new">
              New collection
            </Link>
          </div>
        }
      />
      <QueryState
        isPending={collections.isPending}
        error={collections.error}
        onRetry={() => void collections.refetch()}
        fallback={T.loadFailed}
      >
        <DataTable
          caption="Collections"
          columns={COLUMNS}
          rows={collections.data ?? []}
          rowKey={(c) => c.id}
          empty="No collection yet. Make one with New collection."
        />
      </QueryState>
    </>
  );
}
