import { Link } from 'react-router';
import {
  AdminReturnsQuerySchema,
  AFTER_PURCHASE_MESSAGES as A,
  type AdminReturn,
  RETURN_STATUSES,
} from '@shopper/contract';
import { Badge, type BadgeTone } from '../../components/badge.tsx';
import type { Column } from '../../components/data-table.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { FilterBar, FilterSelect } from '../../components/search-box.tsx';
import { nextSort, useListParams } from '../../hooks/use-list-params.ts';
import { formatDate } from '../../lib/format.ts';
import { useReturnList } from './api/returns.ts';
import { ReturnActions } from './return-actions.tsx';
import styles from './returns.module.css';

const TONES: Record<AdminReturn['status'], BadgeTone> = {
  requested: 'warning',
  approved: 'neutral',
  refused: 'danger',
  received: 'warning',
  refunding: 'neutral',
  refunded: 'success',
};

const COLUMNS: Column<AdminReturn>[] = [
  { key: 'number', header: 'Return', render: (r) => r.returnNumber },
  {
    key: 'order',
    header: 'Order',
    render: (r) => <Link to={`/orders/${r.orderId}`}>{r.orderNumber}</Link>,
  },
  { key: 'customer', header: 'Customer', render: (r) => r.customer?.email ?? '—' },
  {
    key: 'items',
    header: 'Items',
    render: (r) =>
      r.items.map((i) => `${i.quantity} × ${i.name} (${[i.colourName, i.size].filter(Boolean).join(', ')})`).join('; '),
  },
  { key: 'reason', header: 'Reason', render: (r) => <span className={styles.reason}>{r.reason}</span> },
  { key: 'createdAt', header: 'Asked', sortKey: 'createdAt', render: (r) => formatDate(r.createdAt) },
  {
    key: 'status',
    header: 'Status',
    sortKey: 'status',
    render: (r) => <Badge tone={TONES[r.status]}>{A.returnStatus[r.status]}</Badge>,
  },
  { key: 'actions', header: 'Actions', render: (r) => <ReturnActions item={r} /> },
];

/** Returns to act on: requested ones first to approve or refuse, then parcels to receive and refund. */
export function ReturnsPage() {
  const { params, update } = useListParams(AdminReturnsQuerySchema);
  const list = useReturnList(params);
  return (
    <>
      <PageHeader title="Returns" />
      <FilterBar>
        <FilterSelect
          label="Status"
          value={params.status}
          options={RETURN_STATUSES.map((status) => [status, A.returnStatus[status]] as const)}
          onChange={(status) => update({ status })}
        />
      </FilterBar>
      <PagedTable
        query={list}
        caption="Returns"
        columns={COLUMNS}
        rowKey={(r) => r.id}
        sort={params.sort}
        dir={params.dir}
        onSort={(key) => update(nextSort(params, key))}
        empty="No return matches."
        onPage={(page) => update({ page })}
      />
    </>
  );
}
