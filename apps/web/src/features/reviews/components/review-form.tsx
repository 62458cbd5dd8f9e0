import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { ACCOUNT_MESSAGES, REVIEW_MESSAGES } from '@shopper/contract/plain';
import type { ReviewAnswer } from '@shopper/contract';
import { isEmailVerified, useCurrentUser } from '../../../lib/current-user.ts';
import { useReviewPreview } from '../api/get-reviews.ts';
import { useMyReview } from '../api/save-review.ts';
import styles from './reviews.module.css';

// The form (react-hook-form, zod and the review schema) loads only for a customer who may write:
// a guest's product page, its first paint included, never downloads it.
const ReviewEditor = lazy(() => import('./review-editor.tsx').then((module) => ({ default: module.ReviewEditor })));

interface WriteReviewProps {
  productId: string;
  onSaved?: ((answer: ReviewAnswer) => void) | undefined;
}

/**
 * Verified customers write (or update) their review; guests are asked to log in, and customers
 * whose email is not verified yet to verify it (the server refuses them: docs/product.md#roles).
 */
export function WriteReview({ productId, onSaved }: WriteReviewProps) {
  const { user, isAuthenticated, isLoading } = useCurrentUser();
  const location = useLocation();
  const preview = useReviewPreview(productId);
  const myReview = useMyReview(productId);

  if (isLoading) return null;
  if (!isAuthenticated) {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    return (
      <p className={styles.loginPrompt}>
        {REVIEW_MESSAGES.loginToReview}.{' '}
        <Link to="/login" state={{ from }}>
          Login
        </Link>
      </p>
    );
  }
  if (user && !isEmailVerified(user)) {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    return (
      <p className={styles.loginPrompt}>
        {ACCOUNT_MESSAGES.emailVerificationRequired}{' '}
        <Link to="/verify-pending" state={{ email: user.email, from }}>
          Verify your email
        </Link>{' '}
        to write a review.
      </p>
    );
  }
  // The form waits for the preview, which tells whether the customer already reviewed the product.
  if (preview.isPending) return null;
  return (
    <Suspense fallback={null}>
      <ReviewEditor key={myReview?._id ?? 'new'} productId={productId} myReview={myReview} onSaved={onSaved} />
    </Suspense>
  );
}
