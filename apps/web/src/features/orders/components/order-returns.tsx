import { type FormEvent, useState } from 'react';
import { AFTER_PURCHASE_MESSAGES as A } from '@shopper/contract/plain';
import type { Order, OrderReturnsAnswer } from '@shopper/contract';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { TextAreaField, TextField } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { lineColour, lineVariant } from '../../../lib/line-colour.ts';
import { messageOf } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import { useOrderReturns, useRequestReturn } from '../api/order-returns.ts';
import { formatOrderDate } from '../order-format.ts';
import styles from '../orders.module.css';

/** docs/after-purchase.md#returns: a delivered order's returns, their state, and asking for one within the window. */
export function OrderReturns({ order }: { order: Order }) {
  const returns = useOrderReturns(order._id, order.orderStatus === 'Delivered');
  if (order.orderStatus !== 'Delivered' || !returns.data) return null;
  const { returnableUntil, returnable } = returns.data;
  const canReturn = returnable.some((line) => line.quantity > 0);
  return (
    <section className={styles.panel} aria-labelledby="order-returns-title">
      <h2 id="order-returns-title" className={styles.panelTitle}>
        {A.returnsTitle}
      </h2>
      {returns.data.returns.length > 0 ? (
        <ul className={styles.returnList}>
          {returns.data.returns.map((r) => (
            <li key={r.id} aria-label={`Return ${r.returnNumber}`}>
              <p>
                <strong>{r.returnNumber}</strong> · <span data-testid="return-status">{A.returnStatus[r.status]}</span>
                {' · '}
                <time dateTime={r.createdAt}>{formatOrderDate(r.createdAt)}</time>
              </p>
              <p className={styles.muted}>
                {r.items.map((i) => `${i.quantity} × ${i.name} (${lineVariant(i.colourName, i.size)})`).join(', ')}
              </p>
              {r.staffMessage ? <p>{r.staffMessage}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {canReturn && returnableUntil ? (
        <>
          <p className={styles.muted}>{A.returnWindowOpen(formatOrderDate(returnableUntil))}</p>
          <ReturnDialog order={order} returnable={returnable} />
        </>
      ) : null}
    </section>
  );
}

function ReturnDialog({ order, returnable }: { order: Order; returnable: OrderReturnsAnswer['returnable'] }) {
  const [isOpen, setIsOpen] = useState(false);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = useRequestReturn(order._id);
  const lines = order.items
    .map((item) => ({ item, left: returnable.find((r) => r.itemId === item._id)?.quantity ?? 0 }))
    .filter((line) => line.left > 0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const items = lines
      .map(({ item }) => ({ itemId: item._id, quantity: Number(quantities[item._id] ?? '0') }))
      .filter((line) => line.quantity > 0);
    try {
      const answer = await request.mutateAsync({ items, reason });
      setIsOpen(false);
      setQuantities({});
      setReason('');
      showToast(answer.message, 'success');
    } catch (failure) {
      setError(messageOf(failure, A.returnFailed));
    }
  }

  return (
    <>
      <div>
        <Button variant="secondary" onClick={() => setIsOpen(true)}>
          {A.requestReturn}
        </Button>
      </div>
      <Modal isOpen={isOpen} onOpenChange={setIsOpen} title={A.returnDialogTitle} isLocked={request.isPending}>
        <form className={styles.returnForm} onSubmit={(event) => void submit(event)} noValidate>
          {error ? <Alert tone="error">{error}</Alert> : null}
          {lines.map(({ item, left }) => {
            const label = `${item.name} (${lineVariant(lineColour(item), item.size)})`;
            return (
              <TextField
                key={item._id}
                label={A.returnQuantityLabel(label)}
                type="number"
                inputMode="numeric"
                min={0}
                max={left}
                hint={`Up to ${left}`}
                value={quantities[item._id] ?? '0'}
                onChange={(event) => setQuantities((q) => ({ ...q, [item._id]: event.target.value }))}
              />
            );
          })}
          <TextAreaField
            label={A.returnReasonLabel}
            maxLength={500}
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={() => setIsOpen(false)} disabled={request.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={request.isPending}>
              {A.sendReturn}
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
