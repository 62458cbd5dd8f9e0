import { lazy, Suspense, useState } from 'react';
import { LOADING_INDICATOR_DELAY_MS, REVIEW_MESSAGES, REVIEWS_PAGE_SIZE } from '@shopper/contract/plain';
import type { ReviewAnswer, ReviewSort } from '@shopper/contract';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useDelayedFlag } from '../../../hooks/use-delayed-flag.ts';
import { useReviewPreview } from '../api/get-reviews.ts';
import { RatingSummary } from './rating-summary.tsx';
import { reviewsErrorText } from './review-errors.ts';
import { WriteReview } from './review-form.tsx';
import { ReviewList } from './review-item.tsx';
import styles from './reviews.module.css';

// The dialog (Radix) and its infinite list load when 'See All Reviews' is first pressed.
const ReviewsModal = lazy(() => import('./reviews-modal.tsx').then((module) => ({ default: module.ReviewsModal })));

interface ProductReviewsProps {
  productId: string;
  /** Called after the customer saved a review, with the product's new rating and count. */
  onReviewSaved?: (answer: ReviewAnswer) => void;
}

/**
 * The Reviews tab (docs/product.md#reviews and docs/product.md#reviews-api): rating summary, the 5 latest reviews,
 * 'See All Reviews' when there are more, and the customer's own review form.
 */
export function ProductReviews({ productId, onReviewSaved }: ProductReviewsProps) {
  const preview = useReviewPreview(productId);
  const isSpinnerShown = useDelayedFlag(preview.isPending, LOADING_INDICATOR_DELAY_MS);
  const [isModalOpen, setIsModalOpen] = useState(false);
  // Once opened the modal stays mounted, so closing it keeps Radix's focus return to the button.
  const [hasModal, setHasModal] = useState(false);
  const [sort, setSort] = useState<ReviewSort>('date-desc');
  const [rating, setRating] = useState<number | null>(null);

  const onModalOpenChange = (isOpen: boolean) => {
    setIsModalOpen(isOpen);
    // docs/product.md#reviews: closing the modal resets the star filter.
    if (!isOpen) setRating(null);
  };

  let body;
  if (preview.isPending) {
    body = <div className={styles.placeholder}>{isSpinnerShown ? <Spinner label="Loading reviews…" /> : null}</div>;
  } else if (preview.isError) {
    body = (
      <div className={styles.stack}>
        <Alert tone="error">{reviewsErrorText(preview.error)}</Alert>
        <div>
          <Button variant="secondary" size="small" onClick={() => void preview.refetch()}>
            Try Again
          </Button>
        </div>
      </div>
    );
  } else if (preview.data.pagination.totalReviews === 0) {
    body = <p className={styles.emptyText}>{REVIEW_MESSAGES.noReviewsYet}</p>;
  } else {
    const { ratings, reviews, pagination } = preview.data;
    body = (
      <>
        <RatingSummary ratings={ratings} />
        <ReviewList reviews={reviews} label="Latest reviews" />
        {pagination.totalReviews > REVIEWS_PAGE_SIZE ? (
          <div>
            <Button
              variant="secondary"
              onClick={() => {
                setHasModal(true);
                setIsModalOpen(true);
              }}
            >
              See All Reviews
            </Button>
          </div>
        ) : null}
        {hasModal ? (
          <Suspense fallback={null}>
            <ReviewsModal
              productId={productId}
              isOpen={isModalOpen}
              onOpenChange={onModalOpenChange}
              sort={sort}
              onSortChange={setSort}
              rating={rating}
              onRatingChange={setRating}
              distribution={ratings.distribution}
            />
          </Suspense>
        ) : null}
      </>
    );
  }

  return (
    <div className={styles.panel}>
      {body}
      <WriteReview productId={productId} onSaved={onReviewSaved} />
    </div>
  );
}
