import { useParams } from 'react-router';
import { AdminOrdersQuerySchema, BACK_OFFICE_UI_MESSAGES as T, type AdminCustomer } from '@shopper/contract';
import { Badge } from '../../components/badge.tsx';
import { orderColumns } from '../../components/order-columns.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Panel } from '../../components/panel.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { nextSort, useListParams } from '../../hooks/use-list-params.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format.ts';
import { useCustomer, useCustomerOrders } from './api/get-customers.ts';
import { CUSTOMER_STATUS_LABELS, CUSTOMER_STATUS_TONES, ROLE_LABELS } from './customer-labels.ts';
import { CustomerHistory } from './components/customer-history.tsx';
import { CustomerDataActions } from './components/customer-data-actions.tsx';
import { CustomerStatusAction } from './components/customer-status-action.tsx';
import styles from './customers.module.css';

const ORDER_COLUMNS = orderColumns({ withCustomer: false });

function Profile({ customer }: { customer: AdminCustomer }) {
  const { address } = customer;
  return (
    <Panel title="Profile">
      <dl className={styles.facts}>
        <div>
          <dt>Email</dt>
          <dd>
            {customer.email}{' '}
            <Badge tone={customer.isEmailVerified ? 'success' : 'warning'}>
              {customer.isEmailVerified ? 'Verified' : 'Unverified'}
            </Badge>
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{customer.phone || 'Not provided'}</dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd>
            {address ? (
              <address className={styles.address}>
                {address.street}
                <br />
                {address.city}
                {address.state ? `, ${address.state}` : ''} {address.zipCode}
                <br />
                {address.country}
              </address>
            ) : (
              'No address information provided'
            )}
          </dd>
        </div>
        <div>
          <dt>Joined</dt>
          <dd>{formatDate(customer.createdAt)}</dd>
        </div>
      </dl>
    </Panel>
  );
}

function Figures({ customer }: { customer: AdminCustomer }) {
  const figures: [string, string][] = [
    ['Orders', String(customer.orderCount)],
    ['Lifetime spend', formatMoney(customer.lifetimeSpend)],
    ['Average order', formatMoney(customer.averageOrder)],
    ['Paid', formatMoney(customer.grossSpend)],
    ['Refunded', formatMoney(customer.refunded)],
    ['Last order', customer.lastOrderAt ? formatDate(customer.lastOrderAt) : '—'],
  ];
  return (
    <Panel title="Figures">
      <dl className={styles.figures}>
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.note}>Lifetime spend is what was paid less what was refunded.</p>
    </Panel>
  );
}

function Orders({ customerId }: { customerId: string }) {
  const { params, update } = useListParams(AdminOrdersQuerySchema);
  const orders = useCustomerOrders(customerId, { page: params.page, pageSize: 10, sort: params.sort, dir: params.dir });
  return (
    <Panel title="Orders">
      <PagedTable
        query={orders}
        caption="Orders of this customer"
        columns={ORDER_COLUMNS}
        rowKey={(order) => order.id}
        sort={params.sort}
        dir={params.dir}
        onSort={(key) => update(nextSort(params, key))}
        empty="No orders yet."
        onPage={(page) => update({ page })}
      />
    </Panel>
  );
}

export function CustomerPage() {
  const { id = '' } = useParams();
  const customer = useCustomer(id);
  const { user } = useCurrentUser();
  return (
    <QueryState
      isPending={customer.isPending}
      error={customer.error}
      onRetry={() => void customer.refetch()}
      fallback={T.loadFailed}
    >
      {customer.data ? (
        <>
          <PageHeader
            title={customer.data.name}
            actions={
              <>
                <CustomerDataActions customer={customer.data} />
                <CustomerStatusAction customer={customer.data} me={user} />
              </>
            }
          >
            <p className={styles.meta}>
              <Badge tone={CUSTOMER_STATUS_TONES[customer.data.status]}>
                {CUSTOMER_STATUS_LABELS[customer.data.status]}
              </Badge>
              {ROLE_LABELS[customer.data.role] ? <Badge>{ROLE_LABELS[customer.data.role] ?? ''}</Badge> : null}
              <span className={styles.email}>{customer.data.email}</span>
            </p>
          </PageHeader>
          {customer.data.disabledAt ? (
            <p role="status" className={styles.disabled}>
              Disabled {formatDateTime(customer.data.disabledAt)}
              {customer.data.disabledReason ? `: ${customer.data.disabledReason}` : ''}
            </p>
          ) : null}
          <div className={styles.detail}>
            <Profile customer={customer.data} />
            <Figures customer={customer.data} />
            {user?.role === 'owner' ? <CustomerHistory customerId={customer.data.id} /> : null}
          </div>
          <Orders customerId={customer.data.id} />
        </>
      ) : null}
    </QueryState>
  );
}
