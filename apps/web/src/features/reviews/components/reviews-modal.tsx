import { REVIEW_MESSAGES } from '@shopper/contract/plain';
import type { ReviewListAnswer, ReviewSort } from '@shopper/contract';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { SelectField } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { sentinelStyle, useInfiniteScroll } from '../../../hooks/use-infinite-scroll.ts';
import { uniqueReviews, useReviewList } from '../api/get-reviews.ts';
import { reviewsErrorText } from './review-errors.ts';
import { ReviewList } from './review-item.tsx';
import { reviewsLabel, STARS_DESCENDING } from './rating-summary.tsx';
import styles from './reviews.module.css';

const SORT_LABELS: Record<ReviewSort, string> = { 'date-desc': 'Latest', 'date-asc': 'Oldest' };

interface ReviewsModalProps {
  productId: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  sort: ReviewSort;
  onSortChange: (sort: ReviewSort) => void;
  /** The star filter; null shows every review. */
  rating: number | null;
  onRatingChange: (rating: number | null) => void;
  /** Counts per star from the tab's answer, shown until the modal has its own. */
  distribution: ReviewListAnswer['ratings']['distribution'] | undefined;
}

/** 'See All Reviews' (docs/product.md#reviews): sort, star filter and infinite scroll. */
export function ReviewsModal({ isOpen, onOpenChange, ...body }: ReviewsModalProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title="All Reviews">
      <ReviewsModalBody {...body} />
    </Modal>
  );
}

function ReviewsModalBody({
  productId,
  sort,
  onSortChange,
  rating,
  onRatingChange,
  distribution,
}: Omit<ReviewsModalProps, 'isOpen' | 'onOpenChange'>) {
  const list = useReviewList(productId, sort, rating);
  const pages = list.data?.pages ?? [];
  const reviews = uniqueReviews(pages);
  const lastAnswer = pages.at(-1)?.answer;
  const counts = lastAnswer?.ratings.distribution ?? distribution;
  const totalMatching = lastAnswer?.pagination.totalReviews ?? 0;
  // docs/product.md#reviews: a failed load-more turns hasMore off; the list stays as it is.
  const hasMore = list.hasNextPage && !list.isFetchNextPageError;
  const loadMore = () => {
    if (hasMore && !list.isFetching) void list.fetchNextPage();
  };
  const { rootRef, sentinelRef } = useInfiniteScroll({
    isEnabled: hasMore && !list.isFetching,
    onLoadMore: loadMore,
    itemCount: reviews.length,
  });

  return (
    <div className={styles.modalBody}>
      <div className={styles.controls}>
        <SelectField label="Sort by" value={sort} onChange={(event) => onSortChange(event.target.value as ReviewSort)}>
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <div className={styles.filterGroup} role="group" aria-label="Filter by rating">
          {STARS_DESCENDING.map((star) => {
            const count = counts?.[star];
            return (
              <button
                key={star}
                type="button"
                className={styles.filterButton}
                aria-pressed={rating === star}
                // docs/product.md#listing-filters: clicking the active one clears it.
                onClick={() => onRatingChange(rating === star ? null : star)}
              >
                {/* Named by its own words ("4 stars (10)"), which say what the figures beside them show. */}
                <span aria-hidden="true">
                  {star} ★{count === undefined ? null : <span className={styles.filterCount}>{count}</span>}
                </span>
                <span className="visually-hidden">
                  {`${star} ${star === 1 ? 'star' : 'stars'}${count === undefined ? '' : ` (${count})`}`}
                </span>
              </button>
            );
          })}
        </div>
      </div>

      <div ref={rootRef} className={styles.scrollArea} tabIndex={0} role="region" aria-label="Review list">
        {list.isPending ? (
          <Spinner label="Loading reviews…" />
        ) : list.isError && reviews.length === 0 ? (
          <div className={styles.stack}>
            <Alert tone="error">{reviewsErrorText(list.error)}</Alert>
            <Button variant="secondary" size="small" onClick={() => void list.refetch()}>
              Try Again
            </Button>
          </div>
        ) : reviews.length === 0 ? (
          <p className={styles.emptyText}>
            {rating === null ? REVIEW_MESSAGES.noReviewsYet : REVIEW_MESSAGES.noReviewsMatch}
          </p>
        ) : (
          <>
            <p className={styles.muted} role="status">
              Showing {reviews.length} of {reviewsLabel(totalMatching)}
            </p>
            <div className={styles.sentinelHost}>
              <ReviewList reviews={reviews} label="All reviews" />
              {hasMore ? <span ref={sentinelRef} style={sentinelStyle} aria-hidden="true" /> : null}
            </div>
            {list.isFetchingNextPage ? <Spinner label="Loading more reviews…" /> : null}
            {list.isFetchNextPageError ? <Alert tone="error">{REVIEW_MESSAGES.fetchMoreError}</Alert> : null}
            {hasMore && !list.isFetchingNextPage ? (
              <Button variant="secondary" size="small" className={styles.loadMore} onClick={loadMore}>
                Load more reviews
              </Button>
            ) : null}
            {!hasMore && !list.isFetchNextPageError ? (
              <p className={styles.endText}>{REVIEW_MESSAGES.seenAll}</p>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
