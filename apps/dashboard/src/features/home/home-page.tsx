import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { BACK_OFFICE_UI_MESSAGES as T, type HomeFigures } from '@shopper/contract';
import { PageHeader } from '../../components/page-header.tsx';
import { Panel } from '../../components/panel.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { useHome } from './api/get-home.ts';
import styles from './home-page.module.css';

// chart.js is the heaviest dependency: it loads after the figures are on screen.
const DailyChart = lazy(() =>
  import('./components/daily-chart.tsx').then((module) => ({ default: module.DailyChart })),
);

const WINDOWS = [
  ['today', 'Today'],
  ['last7Days', 'Last 7 days'],
  ['last30Days', 'Last 30 days'],
] as const;

function Figures({ home }: { home: HomeFigures }) {
  return (
    <div className={styles.windows}>
      {WINDOWS.map(([key, label]) => {
        const window = home.windows[key];
        return (
          <section key={key} className={styles.window} aria-label={label}>
            <h2 className={styles.windowTitle}>{label}</h2>
            <dl className={styles.figures}>
              <div>
                <dt>Revenue</dt>
                <dd>{formatMoney(window.revenue)}</dd>
              </div>
              <div>
                <dt>Orders</dt>
                <dd>{window.orders}</dd>
              </div>
              <div>
                <dt>Average order</dt>
                <dd>{formatMoney(window.averageOrderValue)}</dd>
              </div>
            </dl>
          </section>
        );
      })}
    </div>
  );
}

export function HomePage() {
  const home = useHome();
  return (
    <>
      <PageHeader title="Home" />
      <QueryState
        isPending={home.isPending}
        error={home.error}
        onRetry={() => void home.refetch()}
        fallback={T.loadFailed}
      >
        {home.data ? (
          <div className={styles.grid}>
            <Figures home={home.data} />
            <div className={styles.wide}>
              <Panel title="Revenue per day">
                <Suspense fallback={<p role="status">Loading chart…</p>}>
                  <DailyChart days={home.data.daily} />
                </Suspense>
              </Panel>
            </div>
            <Panel title="Top products (30 days)">
              {home.data.topProducts.length === 0 ? (
                <p className={styles.muted}>No sales yet.</p>
              ) : (
                <ol className={styles.list}>
                  {home.data.topProducts.map((product) => (
                    <li key={product.productId ?? product.name}>
                      <span>{product.name}</span>
                      <span className={styles.muted}>
                        {product.quantity} sold · {formatMoney(product.revenue)}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </Panel>
            <Panel title={`Low stock (at most ${home.data.lowStockThreshold})`}>
              {home.data.lowStock.length === 0 ? (
                <p className={styles.muted}>No size is running low.</p>
              ) : (
                <ul className={styles.list}>
                  {home.data.lowStock.map((item) => (
                    <li key={`${item.productId}-${item.colourId}-${item.size}`}>
                      <Link to={`/stock?product=${item.productId}${item.colourName ? `&colour=${item.colourId}` : ''}`}>
                        {item.name}
                        {item.colourName ? ` · ${item.colourName}` : ''} · {item.size}
                      </Link>
                      <span className={item.stock === 0 ? styles.out : styles.muted}>{item.stock} left</span>
                    </li>
                  ))}
                </ul>
              )}
            </Panel>
            <Panel
              title={`Waiting to ship (${home.data.waitingToShip.count})`}
              actions={<Link to="/orders?status=processing">All</Link>}
            >
              {home.data.waitingToShip.oldest.length === 0 ? (
                <p className={styles.muted}>Nothing waiting.</p>
              ) : (
                <ul className={styles.list}>
                  {home.data.waitingToShip.oldest.map((order) => (
                    <li key={order.id}>
                      <Link to={`/orders/${order.id}`}>{order.orderNumber}</Link>
                      <span className={styles.muted}>
                        {order.customer} · {formatDateTime(order.createdAt)} · {formatMoney(order.total)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </Panel>
          </div>
        ) : null}
      </QueryState>
    </>
  );
}
