import { Link } from 'react-router';
import type {
  AdminOrdersPageSchema} from '@shopper/contract';
import {
  AdminOrdersQuerySchema,
  ORDER_STATUSES,
} from '@shopper/contract';
import { Badge } from '../../components/badge.tsx';
import { type Column } from '../../components/data-table.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { FilterBar, FilterSelect, SearchBox } from '../../components/search-box.tsx';
import { nextSort, useListParams } from '../../hooks/use-list-params.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { useOrderList } from './order-api.ts';
import { STATUS_TONES } from './order-labels.ts';
import styles from './orders.module.css';

type Summary = (typeof AdminOrdersPageSchema)['_output']['items'][number];

const COLUMNS: Column<Summary>[] = [
  {
    key: 'orderNumber',
    header: 'Order',
    sortKey: 'orderNumber',
    render: (order) => <Link to={`/orders/${order.id}`}>{order.orderNumber}</Link>,
  },
  { key: 'createdAt', header: 'Placed', sortKey: 'createdAt', render: (order) => formatDateTime(order.createdAt) },
  { key: 'customer', header: 'Customer', render: (order) => order.customer?.email ?? '—' },
  { key: 'status', header: 'Status', sortKey: 'status', render: (order) => <Badge tone={STATUS_TONES[order.status]}>{order.status}</Badge> },
  { key: 'items', header: 'Items', align: 'end', render: (order) => order.itemCount },
  {
    key: 'total',
    header: 'Total',
    sortKey: 'total',
    align: 'end',
    render: (order) => (
      <>
        {formatMoney(order.totalAmount)}
        {order.refundedAmount > 0 ? <span className={styles.refunded}> −{formatMoney(order.refundedAmount)} refunded</span> : null}
      </>
    ),
  },
];

export function Component() {
  const { params, update } = useListParams(AdminOrdersQuerySchema);
  const list = useOrderList(params);
  return (
    <>
      <PageHeader title="Orders" />
      <FilterBar>
        <SearchBox label="Order number or email" value={params.q ?? ''} onSearch={(q) => update({ q })} />
        <FilterSelect
          label="Status"
          value={params.status}
          options={ORDER_STATUSES.map((status) => [status, status] as const)}
          onChange={(status) => update({ status })}
        />
        <label className={styles.date}>
          <span>From</span>
          <input type="date" value={params.from ?? ''} onChange={(event) => update({ from: event.target.value })} />
        </label>
        <label className={styles.date}>
          <span>To</span>
          <input type="date" value={params.to ?? ''} onChange={(event) => update({ to: event.target.value })} />
        </label>
      </FilterBar>
      <PagedTable
        query={list}
        caption="Orders"
        columns={COLUMNS}
        rowKey={(order) => order.id}
        sort={params.sort}
        dir={params.dir}
        onSort={(key) => update(nextSort(params, key))}
        empty="No order matches."
        onPage={(page) => update({ page })}
      />
    </>
  );
}
