import { AdminOrdersQuerySchema, ORDER_STATUSES } from '@shopper/contract';
import { orderColumns } from '../../components/order-columns.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { FilterBar, FilterSelect, SearchBox } from '../../components/search-box.tsx';
import { nextSort, useListParams } from '../../hooks/use-list-params.ts';
import { useOrderList } from './api/get-orders.ts';
import styles from './orders.module.css';

const COLUMNS = orderColumns({ withCustomer: true });

export function OrdersPage() {
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
