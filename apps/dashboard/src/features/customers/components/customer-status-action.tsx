import {
  ACCOUNT_MESSAGES,
  ADMIN_MESSAGES,
  BACK_OFFICE_UI_MESSAGES as T,
  CustomerStatusBodySchema,
  type AdminCustomer,
  type User,
} from '@shopper/contract';
import { ActionDialog } from '../../../components/action-dialog.tsx';
import { Button } from '../../../components/button.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useCustomerStatus } from '../api/change-customer-status.ts';
import styles from '../customers.module.css';

function reasonError(reason: string): string | null {
  const parsed = CustomerStatusBodySchema.safeParse({ reason });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? ADMIN_MESSAGES.customerReasonRequired);
}

/**
 * Disable or re-enable, with a reason, after a confirmation. Offered only where the server would
 * allow it: never on one's own account, and on an owner's only to an owner.
 */
export function CustomerStatusAction({ customer, me }: { customer: AdminCustomer; me: User | null }) {
  const change = useCustomerStatus(customer.id);
  const isDisabled = customer.disabledAt !== null;
  if (!me) return null;
  // Said rather than hidden, so nobody wonders where the button went.
  if (customer.role === 'owner' && me.role !== 'owner') {
    return <span className={styles.note}>{ADMIN_MESSAGES.customerOwnerNeedsOwner}</span>;
  }
  if (!isDisabled && customer.id === me.id) return <span className={styles.note}>This is your own account.</span>;
  const action = isDisabled ? 'enable' : 'disable';
  return (
    <ActionDialog
      trigger={
        <Button variant={isDisabled ? 'primary' : 'danger'}>
          {isDisabled ? 'Re-enable account' : 'Disable account'}
        </Button>
      }
      title={isDisabled ? `Re-enable ${customer.email}?` : `Disable ${customer.email}?`}
      description={
        isDisabled
          ? 'They can sign in again with their password. Their earlier sessions stay ended.'
          : `They are signed out on every device at once, and signing in tells them: “${ACCOUNT_MESSAGES.accountDisabled}”`
      }
      confirmLabel={isDisabled ? 'Re-enable' : 'Disable'}
      reasonLabel="Reason"
      validateReason={reasonError}
      variant={isDisabled ? 'primary' : 'danger'}
      onConfirm={async (reason) => {
        try {
          const answer = await change.mutateAsync({ action, body: { reason: reason.trim() } });
          notifySuccess(answer.message ?? 'Saved');
        } catch (error) {
          throw new Error(messageOf(error, T.actionFailed));
        }
      }}
    />
  );
}
