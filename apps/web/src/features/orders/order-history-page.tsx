import { CHECKOUT_MESSAGES as M, SHOP_UI_MESSAGES as UI } from '@shopper/contract/plain';
import { Button, ButtonLink } from '../../components/button.tsx';
import { Container } from '../../components/container.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useOrders } from './api/get-orders.ts';
import { OrderCard } from './components/order-card.tsx';
import { OrderFilters } from './components/order-filters.tsx';
import { useOrderHistoryParams } from './hooks/use-order-history-params.ts';
import styles from './orders.module.css';

const breadcrumb = [{ label: 'Home', to: '/' }, { label: UI.orderHistoryTitle }];

/** /account/orders (docs/product.md#order-history): filters, sort, page size and page live in the URL. */
export function OrderHistoryPage() {
  usePageTitle(UI.orderHistoryTitle);
  const { query, update, reset, hasFilters } = useOrderHistoryParams();
  const orders = useOrders(query);

  let content;
  if (orders.isPending) {
    content = <Spinner label="Loading your orders…" />;
  } else if (orders.isError) {
    content = (
      <EmptyState
        role="alert"
        title={M.fetchOrdersFailed}
        message={M.ordersLoadTrouble}
        actions={<Button onClick={() => void orders.refetch()}>{UI.tryAgain}</Button>}
      />
    );
  } else if (orders.data.total === 0 && !hasFilters) {
    content = (
      <EmptyState
        title={M.noOrdersYet}
        message={UI.noOrdersYetDetail}
        actions={<ButtonLink to="/shop">{UI.startShopping}</ButtonLink>}
      />
    );
  } else if (orders.data.orders.length === 0) {
    content = (
      <EmptyState
        message={M.noOrdersMatchFilters}
        actions={
          <Button variant="secondary" onClick={reset}>
            {UI.clearFilters}
          </Button>
        }
      />
    );
  } else {
    const { total, totalPages, page } = orders.data;
    content = (
      <>
        <p className={styles.muted} aria-live="polite">
          {total === 1 ? '1 order' : `${total} orders`}
        </p>
        <ul className={styles.cards} aria-busy={orders.isPlaceholderData}>
          {orders.data.orders.map((order) => (
            <li key={order._id}>
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
        <Pagination
          page={page}
          totalPages={totalPages}
          onPageChange={(next) => {
            // docs/product.md#order-history: pages outside 1..totalPages are ignored.
            if (next >= 1 && next <= totalPages) update({ page: next });
          }}
        />
      </>
    );
  }

  const showFilters = !(orders.isSuccess && orders.data.total === 0 && !hasFilters);
  return (
    <>
      <PageHeader title={UI.orderHistoryTitle} breadcrumb={breadcrumb} />
      <Container isSection>
        <div className={styles.history}>
          {showFilters ? <OrderFilters query={query} onChange={update} /> : null}
          {content}
        </div>
      </Container>
    </>
  );
}
