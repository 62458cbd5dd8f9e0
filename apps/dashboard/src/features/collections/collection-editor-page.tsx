import { useNavigate, useParams } from 'react-router';
import { BACK_OFFICE_UI_MESSAGES as T, COLLECTION_MESSAGES as M, collectionPath } from '@shopper/contract';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { Button } from '../../components/button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Panel } from '../../components/panel.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { messageOf } from '../../lib/api-client.ts';
import { notifySuccess } from '../../lib/toast.ts';
import { useCollection, useDeleteCollection, useSaveCollection } from './api/collections.ts';
import { CollectionForm } from './components/collection-form.tsx';
import styles from './collections.module.css';

/** /collections/new and /collections/{id}: one collection's fields, products or rule, and dates. */
export function CollectionEditorPage() {
  const { id } = useParams();
  const existing = id === undefined ? undefined : id;
  const collection = useCollection(existing);
  const save = useSaveCollection(existing);
  const remove = useDeleteCollection();
  const navigate = useNavigate();
  const current = collection.data?.collection;
  return (
    <>
      <PageHeader
        title={current ? current.name : 'New collection'}
        actions={
          current ? (
            <div className={styles.actions}>
              <a href={collectionPath(current.slug)} target="_blank" rel="noopener">
                View the page
              </a>
              <ActionDialog
                trigger={<Button variant="danger">Delete</Button>}
                title={`Delete ${current.name}?`}
                description="Its page disappears and it leaves the home page. Products are not changed."
                confirmLabel="Delete collection"
                variant="danger"
                onConfirm={async () => {
                  try {
                    notifySuccess((await remove.mutateAsync(current.id)).message);
                    await navigate('/collections');
                  } catch (error) {
                    throw new Error(messageOf(error, T.actionFailed));
                  }
                }}
              />
            </div>
          ) : null
        }
      />
      <Panel>
        <QueryState
          isPending={existing !== undefined && collection.isPending}
          error={collection.error}
          onRetry={() => void collection.refetch()}
          fallback={M.notFound}
        >
          <CollectionForm
            key={current?.updatedAt ?? 'new'}
            initial={collection.data}
            onSave={async (body) => {
              const answer = await save.mutateAsync(body);
              notifySuccess(answer.message ?? M.saved(answer.collection.name));
              if (existing === undefined) await navigate(`/collections/${answer.collection.id}`);
            }}
          />
        </QueryState>
      </Panel>
    </>
  );
}
