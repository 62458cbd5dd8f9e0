import { useState } from 'react';
import { AFTER_PURCHASE_MESSAGES as A, formatUsd } from '@shopper/contract/plain';
import type { Order } from '@shopper/contract';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { Modal } from '../../../components/modal.tsx';
import { messageOf } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import styles from '../orders.module.css';

/** docs/after-purchase.md#cancelling-an-order: a Processing order can be cancelled by its customer, after a confirmation. */
export function CancelOrder({ order }: { order: Order }) {
  const [isOpen, setIsOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const cancel = useCancelOrder(order._id);

  async function confirm() {
    setError(null);
    try {
      const answer = await cancel.mutateAsync();
      setIsOpen(false);
      setDone(answer.message);
      showToast(answer.message, 'success');
    } catch (failure) {
      setError(messageOf(failure, A.cancelFailed));
    }
  }

  if (done) return <Alert tone="success">{done}</Alert>;
  if (order.orderStatus !== 'Processing') return null;
  return (
    <div className={styles.afterPurchase}>
      <Button variant="secondary" onClick={() => setIsOpen(true)}>
        {A.cancelOrder}
      </Button>
      <Modal
        isOpen={isOpen}
        onOpenChange={(next) => {
          setIsOpen(next);
          if (!next) setError(null);
        }}
        title={A.cancelConfirmTitle}
        description={A.cancelConfirmText(formatUsd(order.totalAmount - order.refundedAmount))}
        isLocked={cancel.isPending}
      >
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => setIsOpen(false)} disabled={cancel.isPending}>
            {A.keepOrder}
          </Button>
          <Button className={styles.dangerSolid} onClick={() => void confirm()} disabled={cancel.isPending}>
            {cancel.isPending ? A.cancelling : A.confirmCancel}
          </Button>
        </div>
      </Modal>
    </div>
  );
}
