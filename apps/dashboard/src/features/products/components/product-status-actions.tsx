import { BACK_OFFICE_UI_MESSAGES as T, type AdminProduct, type ProductStatus } from '@shopper/contract';
import { ActionDialog } from '../../../components/action-dialog.tsx';
import { Button } from '../../../components/button.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/toast.ts';
import { useSetProductStatus } from '../api/save-product.ts';

/** Publish, unpublish, archive and restore; archiving asks first (past orders keep their lines). */
export function ProductStatusActions({ product }: { product: AdminProduct }) {
  const setStatus = useSetProductStatus(product.id);
  const change = async (status: ProductStatus, done: string) => {
    try {
      await setStatus.mutateAsync(status);
      notifySuccess(done);
    } catch (error) {
      notifyError(messageOf(error, T.actionFailed));
    }
  };
  return (
    <>
      {product.status === 'draft' ? (
        <Button
          variant="primary"
          isBusy={setStatus.isPending}
          onClick={() => void change('published', 'Published: shoppers see it now')}
        >
          Publish
        </Button>
      ) : null}
      {product.status === 'published' ? (
        <Button isBusy={setStatus.isPending} onClick={() => void change('draft', 'Unpublished: back to a draft')}>
          Unpublish
        </Button>
      ) : null}
      {product.status === 'archived' ? (
        <Button isBusy={setStatus.isPending} onClick={() => void change('draft', 'Restored as a draft')}>
          Restore
        </Button>
      ) : (
        <ActionDialog
          trigger={<Button variant="danger">Archive</Button>}
          title={`Archive ${product.name}?`}
          description="It leaves the shop. Past orders keep their copied lines; you can restore it later."
          confirmLabel="Archive"
          variant="danger"
          onConfirm={async () => {
            try {
              await setStatus.mutateAsync('archived');
              notifySuccess('Archived');
            } catch (error) {
              throw new Error(messageOf(error, T.actionFailed));
            }
          }}
        />
      )}
    </>
  );
}
