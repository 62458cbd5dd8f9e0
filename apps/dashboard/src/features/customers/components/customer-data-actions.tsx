import { useQueryClient } from '@tanstack/react-query';
import {
  BACK_OFFICE_UI_MESSAGES as T,
  CustomerDataExportSchema,
  DATA_RIGHTS_MESSAGES as M,
  MessageAnswerSchema,
  type AdminCustomer,
} from '@shopper/contract';
import { ActionDialog } from '../../../components/action-dialog.tsx';
import { Button } from '../../../components/button.tsx';
import { apiCall, messageOf } from '../../../lib/api-client.ts';
import { downloadText } from '../../../lib/download.ts';
import { notifyError, notifySuccess } from '../../../lib/toast.ts';
import { customersKey } from '../api/get-customers.ts';

/**
 * A customer's data rights, run by staff for a customer who asked by mail (docs/product.md#your-data):
 * their data as the JSON file they would download, and erasure. Both are in the audit log.
 */
export function CustomerDataActions({ customer }: { customer: AdminCustomer }) {
  const queryClient = useQueryClient();
  if (customer.role !== 'customer') return null;

  async function download() {
    try {
      const data = await apiCall(`/admin/customers/${customer.id}/data`, CustomerDataExportSchema);
      downloadText(JSON.stringify(data, null, 2), `customer-${customer.id}.json`, 'application/json');
    } catch (error) {
      notifyError(messageOf(error, T.actionFailed));
    }
  }

  return (
    <>
      <Button onClick={() => void download()}>Download data</Button>
      <ActionDialog
        trigger={<Button variant="danger">Erase personal data</Button>}
        title={`Erase ${customer.email}?`}
        description={`${M.eraseExplained.join(' ')} Do this only when the customer asked for it.`}
        confirmLabel="Erase"
        variant="danger"
        onConfirm={async () => {
          try {
            const answer = await apiCall(`/admin/customers/${customer.id}/erase`, MessageAnswerSchema, {
              method: 'POST',
            });
            notifySuccess(answer.message);
            void queryClient.invalidateQueries({ queryKey: customersKey });
            void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
          } catch (error) {
            throw new Error(messageOf(error, T.actionFailed));
          }
        }}
      />
    </>
  );
}
