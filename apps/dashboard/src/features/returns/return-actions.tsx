import { useState } from 'react';
import { AFTER_PURCHASE_MESSAGES as A, type AdminReturn, BACK_OFFICE_UI_MESSAGES as T } from '@shopper/contract';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { Button } from '../../components/button.tsx';
import { messageOf } from '../../lib/api-client.ts';
import { formatMoney } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/toast.ts';
import { type ReturnAction, useReturnAction } from './api/returns.ts';
import styles from './returns.module.css';

/** What staff can do with a return in its current status (docs/after-purchase.md#returns). */
export function ReturnActions({ item }: { item: AdminReturn }) {
  const act = useReturnAction(item.id);
  const [restock, setRestock] = useState(true);
  const run = async (action: ReturnAction) => {
    try {
      const answer = await act.mutateAsync(action);
      notifySuccess(answer.message ?? 'Saved');
    } catch (error) {
      throw new Error(messageOf(error, T.actionFailed));
    }
  };
  const n = item.returnNumber;
  if (item.status === 'requested') {
    return (
      <div className={styles.actions}>
        <ActionDialog
          trigger={<Button variant="primary">Approve</Button>}
          title={`Approve ${n}?`}
          description="The customer is mailed where to send the items. A note is optional."
          confirmLabel="Approve"
          reasonLabel="Note to the customer (optional)"
          onConfirm={(message) => run({ kind: 'approve', message })}
        />
        <ActionDialog
          trigger={<Button variant="danger">Refuse</Button>}
          title={`Refuse ${n}?`}
          description="The customer is mailed your reason."
          confirmLabel="Refuse"
          variant="danger"
          reasonLabel="Why (the customer reads this)"
          validateReason={(reason) => (reason.trim() ? null : A.returnMessageRequired)}
          onConfirm={(message) => run({ kind: 'refuse', message })}
        />
      </div>
    );
  }
  if (item.status === 'approved') {
    return (
      <ActionDialog
        trigger={<Button variant="primary">Mark received</Button>}
        title={`Mark ${n} as received?`}
        description="The parcel arrived. The customer gets an email."
        confirmLabel="Mark received"
        onConfirm={() => run({ kind: 'receive' })}
      />
    );
  }
  if (item.status === 'received') {
    return (
      <ActionDialog
        trigger={<Button variant="primary">Refund</Button>}
        title={`Refund ${n}?`}
        description={`${formatMoney(item.suggestedAmount)} goes back to the customer's card, the lines' share of what was paid.`}
        confirmLabel={`Refund ${formatMoney(item.suggestedAmount)}`}
        onConfirm={() => run({ kind: 'refund', restock })}
      >
        <label className={styles.check}>
          <input type="checkbox" checked={restock} onChange={(event) => setRestock(event.target.checked)} />
          Put the items back in stock
        </label>
      </ActionDialog>
    );
  }
  return null;
}
