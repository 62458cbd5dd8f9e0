import {
  AdminReviewListQuerySchema,
  BACK_OFFICE_UI_MESSAGES as T,
  HideReviewBodySchema,
  type AdminReview,
} from '@shopper/contract';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { type Column } from '../../components/data-table.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { FilterBar, FilterSelect, SearchBox } from '../../components/search-box.tsx';
import { nextSort, useListParams } from '../../hooks/use-list-params.ts';
import { messageOf } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import { useReviewList } from './api/get-reviews.ts';
import { useModerateReview } from './api/moderate-review.ts';
import styles from './reviews-page.module.css';

function reasonError(reason: string): string | null {
  const parsed = HideReviewBodySchema.safeParse({ reason });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

function ModerationAction({ review }: { review: AdminReview }) {
  const moderate = useModerateReview();
  if (review.isHidden) {
    return (
      <Button
        variant="ghost"
        isBusy={moderate.isPending}
        onClick={() =>
          moderate.mutate(
            { id: review.id, hide: false },
            {
              onSuccess: () => notifySuccess('The review is shown again'),
              onError: (error) => notifyError(messageOf(error, T.actionFailed)),
            },
          )
        }
      >
        Unhide
      </Button>
    );
  }
  return (
    <ActionDialog
      trigger={<Button variant="ghost">Hide</Button>}
      title={`Hide ${review.author}'s review?`}
      description="It leaves the product page and its rating at once. You can show it again later."
      confirmLabel="Hide review"
      reasonLabel="Reason"
      validateReason={reasonError}
      variant="danger"
      onConfirm={async (reason) => {
        try {
          await moderate.mutateAsync({ id: review.id, hide: true, reason: reason.trim() });
          notifySuccess('Review hidden');
        } catch (error) {
          throw new Error(messageOf(error, T.actionFailed));
        }
      }}
    />
  );
}

const COLUMNS: Column<AdminReview>[] = [
  { key: 'date', header: 'Date', sortKey: 'date', render: (review) => formatDate(review.date) },
  { key: 'product', header: 'Product', render: (review) => review.productName },
  {
    key: 'author',
    header: 'Author',
    render: (review) => (
      <>
        {review.author} {review.verifiedPurchase ? <Badge tone="success">Verified</Badge> : null}
      </>
    ),
  },
  { key: 'rating', header: 'Rating', sortKey: 'rating', align: 'end', render: (review) => `${review.rating} ★` },
  {
    key: 'content',
    header: 'Review',
    render: (review) => (
      <div className={styles.content}>
        <p>{review.content}</p>
        {review.isHidden ? (
          <p className={styles.hidden}>
            <Badge tone="danger">Hidden</Badge> {review.hiddenReason}
          </p>
        ) : null}
      </div>
    ),
  },
  { key: 'actions', header: 'Actions', render: (review) => <ModerationAction review={review} /> },
];

export function ReviewsPage() {
  const { params, update } = useListParams(AdminReviewListQuerySchema);
  const list = useReviewList(params);
  return (
    <>
      <PageHeader title="Reviews" />
      <FilterBar>
        <SearchBox label="Search reviews" value={params.q ?? ''} onSearch={(q) => update({ q })} />
        <FilterSelect
          label="Visibility"
          value={params.visibility === 'all' ? undefined : params.visibility}
          options={[
            ['visible', 'Shown'],
            ['hidden', 'Hidden'],
          ]}
          onChange={(visibility) => update({ visibility })}
        />
        <FilterSelect
          label="Rating"
          value={params.rating === undefined ? undefined : String(params.rating)}
          options={[5, 4, 3, 2, 1].map((stars) => [String(stars), `${stars} ★`] as const)}
          onChange={(rating) => update({ rating })}
        />
      </FilterBar>
      <PagedTable
        query={list}
        caption="Reviews"
        columns={COLUMNS}
        rowKey={(review) => review.id}
        sort={params.sort}
        dir={params.dir}
        onSort={(key) => update(nextSort(params, key))}
        empty="No review matches."
        onPage={(page) => update({ page })}
      />
    </>
  );
}
