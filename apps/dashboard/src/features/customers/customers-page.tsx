import { Link } from 'react-router';
import { AdminCustomersQuerySchema, CUSTOMER_STATUSES, type AdminCustomerSummary } from '@shopper/contract';
import { Badge } from '../../components/badge.tsx';
import { type Column } from '../../components/data-table.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { FilterBar, FilterSelect, SearchBox } from '../../components/search-box.tsx';
import { nextSort, useListParams } from '../../hooks/use-list-params.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { useCustomerList } from './api/get-customers.ts';
import { CUSTOMER_STATUS_LABELS, CUSTOMER_STATUS_TONES, ROLE_LABELS } from './customer-labels.ts';
import styles from './customers.module.css';

const COLUMNS: Column<AdminCustomerSummary>[] = [
  {
    key: 'name',
    header: 'Name',
    sortKey: 'name',
    render: (customer) => (
      <span className={styles.who}>
        <Link to={`/customers/${customer.id}`}>{customer.name}</Link>
        {ROLE_LABELS[customer.role] ? <Badge>{ROLE_LABELS[customer.role] ?? ''}</Badge> : null}
      </span>
    ),
  },
  {
    key: 'email',
    header: 'Email',
    sortKey: 'email',
    render: (customer) => <span className={styles.email}>{customer.email}</span>,
  },
  {
    key: 'status',
    header: 'Status',
    render: (customer) => (
      <Badge tone={CUSTOMER_STATUS_TONES[customer.status]}>{CUSTOMER_STATUS_LABELS[customer.status]}</Badge>
    ),
  },
  { key: 'createdAt', header: 'Joined', sortKey: 'createdAt', render: (customer) => formatDate(customer.createdAt) },
  {
    key: 'orderCount',
    header: 'Orders',
    sortKey: 'orderCount',
    align: 'end',
    render: (customer) => customer.orderCount,
  },
  {
    key: 'lifetimeSpend',
    header: 'Lifetime spend',
    sortKey: 'lifetimeSpend',
    align: 'end',
    render: (customer) => formatMoney(customer.lifetimeSpend),
  },
  {
    key: 'lastOrderAt',
    header: 'Last order',
    render: (customer) => (customer.lastOrderAt ? formatDate(customer.lastOrderAt) : '—'),
  },
];

export function CustomersPage() {
  const { params, update } = useListParams(AdminCustomersQuerySchema);
  const list = useCustomerList(params);
  return (
    <>
      <PageHeader title="Customers" />
      <FilterBar>
        <SearchBox label="Email or name" value={params.q ?? ''} onSearch={(q) => update({ q })} />
        <FilterSelect
          label="Status"
          value={params.status}
          options={CUSTOMER_STATUSES.map((status) => [status, CUSTOMER_STATUS_LABELS[status]] as const)}
          onChange={(status) => update({ status })}
        />
      </FilterBar>
      <PagedTable
        query={list}
        caption="Customers"
        columns={COLUMNS}
        rowKey={(customer) => customer.id}
        sort={params.sort}
        dir={params.dir}
        onSort={(key) => update(nextSort(params, key))}
        empty="No customer matches."
        onPage={(page) => update({ page })}
      />
    </>
  );
}
