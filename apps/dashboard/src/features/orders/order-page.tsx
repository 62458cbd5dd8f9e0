import { useParams } from 'react-router';
import { BACK_OFFICE_UI_MESSAGES as T, type AdminOrder } from '@shopper/contract';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { Badge } from '../../components/badge.tsx';
import { OrderCustomer, ORDER_STATUS_TONES } from '../../components/order-columns.tsx';
import { Button } from '../../components/button.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Panel } from '../../components/panel.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { messageOf } from '../../lib/api-client.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/toast.ts';
import { useOrderAction, type OrderAction } from './api/change-order.ts';
import { useOrder } from './api/get-orders.ts';
import { EVENT_LABELS } from './order-labels.ts';
import { RefundForm } from './components/refund-form.tsx';
import { ShipForm } from './components/ship-form.tsx';
import styles from './orders.module.css';

/** The next steps an order's status allows (docs/product.md#order-lifecycle): ship → deliver; cancel before delivery; refund after. */
function OrderActions({ order }: { order: AdminOrder }) {
  const act = useOrderAction(order._id);
  const run = async (action: OrderAction) => {
    const answer = await act.mutateAsync(action);
    notifySuccess(answer.message ?? 'Saved');
  };
  const asMessage = async (action: OrderAction) => {
    try {
      await run(action);
    } catch (error) {
      throw new Error(messageOf(error, T.actionFailed));
    }
  };
  const isOpen = order.orderStatus === 'Processing' || order.orderStatus === 'Shipped';
  return (
    <>
      {order.orderStatus === 'Processing' ? (
        <FormDialog trigger={<Button variant="primary">Ship</Button>} title={`Ship ${order.orderNumber}`}>
          {(close) => (
            <ShipForm
              onShip={async (body) => {
                await run({ kind: 'ship', body });
                close();
              }}
            />
          )}
        </FormDialog>
      ) : null}
      {order.orderStatus === 'Shipped' ? (
        <ActionDialog
          trigger={<Button variant="primary">Mark delivered</Button>}
          title={`Mark ${order.orderNumber} as delivered?`}
          description="The customer gets an email."
          confirmLabel="Mark delivered"
          onConfirm={() => asMessage({ kind: 'deliver' })}
        />
      ) : null}
      {isOpen ? (
        <ActionDialog
          trigger={<Button variant="danger">Cancel order</Button>}
          title={`Cancel ${order.orderNumber}?`}
          description={`The payment of ${formatMoney(order.totalAmount - order.refundedAmount)} is refunded and every item goes back in stock. The customer gets an email.`}
          confirmLabel="Cancel and refund"
          variant="danger"
          onConfirm={() => asMessage({ kind: 'cancel' })}
        />
      ) : null}
      {order.orderStatus === 'Delivered' && order.refundedAmount < order.totalAmount ? (
        <FormDialog trigger={<Button variant="danger">Refund a return</Button>} title={`Refund ${order.orderNumber}`}>
          {(close) => (
            <RefundForm
              order={order}
              onRefund={async (body) => {
                await run({ kind: 'refund', body });
                close();
              }}
            />
          )}
        </FormDialog>
      ) : null}
    </>
  );
}

function eventDetail(data: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof data.carrier === 'string') parts.push(data.carrier);
  if (typeof data.trackingNumber === 'string') parts.push(data.trackingNumber);
  if (typeof data.amount === 'number') parts.push(formatMoney(data.amount));
  if (typeof data.reason === 'string') parts.push(data.reason);
  if (typeof data.error === 'string') parts.push(data.error);
  return parts.join(' · ');
}

/** A refund the provider refused: its reason, and one retry per click (the server refuses a second). */
function RetryRefund({ orderId, refund }: { orderId: string; refund: AdminOrder['refunds'][number] }) {
  const act = useOrderAction(orderId);
  return (
    <ActionDialog
      trigger={<Button variant="danger">Retry refund</Button>}
      title={`Retry the refund of ${formatMoney(refund.amount)}?`}
      description="The card provider is asked again. If it already made this refund, that refund is recorded instead of a second one."
      confirmLabel="Retry now"
      variant="danger"
      onConfirm={async () => {
        try {
          const answer = await act.mutateAsync({ kind: 'retry-refund', refundId: refund.id });
          notifySuccess(answer.message ?? 'Saved');
        } catch (error) {
          throw new Error(messageOf(error, T.actionFailed));
        }
      }}
    />
  );
}

export function OrderPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  return (
    <QueryState
      isPending={order.isPending}
      error={order.error}
      onRetry={() => void order.refetch()}
      fallback={T.loadFailed}
    >
      {order.data ? (
        <>
          <PageHeader title={`Order ${order.data.orderNumber}`} actions={<OrderActions order={order.data} />}>
            <p className={styles.meta}>
              <Badge tone={ORDER_STATUS_TONES[order.data.orderStatus]}>{order.data.orderStatus}</Badge>
              <span>{formatDateTime(order.data.createdAt)}</span>
              {order.data.customer ? <OrderCustomer order={order.data} /> : null}
            </p>
          </PageHeader>
          <div className={styles.detail}>
            <Panel title="Items">
              <ul className={styles.lines}>
                {order.data.items.map((item) => (
                  <li key={item._id}>
                    <span>
                      {item.name}
                      {item.colourName ? ` · ${item.colourName}` : ''} · {item.size} × {item.quantity}
                    </span>
                    <span>{formatMoney(item.price * item.quantity)}</span>
                  </li>
                ))}
              </ul>
              <dl className={styles.totals}>
                <div>
                  <dt>Items</dt>
                  <dd>{formatMoney(order.data.itemsPrice)}</dd>
                </div>
                {order.data.discount > 0 ? (
                  <div>
                    <dt>Discount{order.data.couponCode ? ` (${order.data.couponCode})` : ''}</dt>
                    <dd>−{formatMoney(order.data.discount)}</dd>
                  </div>
                ) : null}
                <div>
                  <dt>Shipping</dt>
                  <dd>{formatMoney(order.data.shippingAmount)}</dd>
                </div>
                <div>
                  <dt>Tax</dt>
                  <dd>{formatMoney(order.data.taxAmount)}</dd>
                </div>
                <div className={styles.total}>
                  <dt>Total</dt>
                  <dd>{formatMoney(order.data.totalAmount)}</dd>
                </div>
                {order.data.refundedAmount > 0 ? (
                  <div>
                    <dt>Refunded</dt>
                    <dd>−{formatMoney(order.data.refundedAmount)}</dd>
                  </div>
                ) : null}
              </dl>
            </Panel>
            <Panel title="Payment and delivery">
              <p>
                Card {order.data.paymentInfo.brand ?? ''}{' '}
                {order.data.paymentInfo.last4 ? `•••• ${order.data.paymentInfo.last4}` : ''} ·{' '}
                {order.data.paymentInfo.status}
              </p>
              <address className={styles.address}>
                {order.data.shippingInfo.name}
                <br />
                {order.data.shippingInfo.address}
                <br />
                {order.data.shippingInfo.city}, {order.data.shippingInfo.state} {order.data.shippingInfo.postalCode}
                <br />
                {order.data.shippingInfo.country} · {order.data.shippingInfo.phoneNumber}
              </address>
              {order.data.refunds.length > 0 ? (
                <ul className={styles.lines} aria-label="Refunds">
                  {order.data.refunds.map((refund) => (
                    <li key={refund.id}>
                      <span>
                        {formatMoney(refund.amount)} · {refund.reason}
                        <span className={styles.refundParts}>
                          tax {formatMoney(refund.taxAmount)} · shipping {formatMoney(refund.shippingAmount)}
                        </span>
                        {refund.status === 'failed' && refund.lastError ? (
                          <span className={styles.refundError}>{refund.lastError}</span>
                        ) : null}
                      </span>
                      <Badge
                        tone={
                          refund.status === 'succeeded' ? 'success' : refund.status === 'failed' ? 'danger' : 'warning'
                        }
                      >
                        {refund.status}
                      </Badge>
                      {refund.status === 'failed' ? <RetryRefund orderId={id} refund={refund} /> : null}
                    </li>
                  ))}
                </ul>
              ) : null}
            </Panel>
            <Panel title="Timeline">
              <ol className={styles.timeline}>
                {order.data.timeline.map((event, index) => (
                  <li key={`${event.kind}-${index}`}>
                    <strong>{EVENT_LABELS[event.kind] ?? event.kind}</strong>
                    <span>{formatDateTime(event.createdAt)}</span>
                    <span className={styles.muted}>
                      {[eventDetail(event.data), event.actor?.email].filter(Boolean).join(' · ')}
                    </span>
                  </li>
                ))}
              </ol>
            </Panel>
          </div>
        </>
      ) : null}
    </QueryState>
  );
}
