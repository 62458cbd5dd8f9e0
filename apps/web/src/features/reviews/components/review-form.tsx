import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'react-router';
import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  REVIEW_CONTENT_MAX,
  REVIEW_MESSAGES,
  ReviewBodySchema,
  type Review,
  type ReviewAnswer,
} from '@shopper/contract';
import { Button } from '../../../components/button.tsx';
import { TextAreaField } from '../../../components/form-field.tsx';
import { isEmailVerified, useCurrentUser } from '../../../lib/current-user.ts';
import { applyServerFieldErrors, messageOf } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import { useReviewPreview } from '../api/get-reviews.ts';
import { useMyReview, useSaveReview } from '../api/save-review.ts';
import { StarPicker } from './star-picker.tsx';
import styles from './reviews.module.css';

interface WriteReviewProps {
  productId: string;
  onSaved?: ((answer: ReviewAnswer) => void) | undefined;
}

/**
 * Verified customers write (or update) their review; guests are asked to log in, and customers
 * whose email is not verified yet to verify it (the server refuses them: SPEC §6).
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
  return <ReviewForm key={myReview?._id ?? 'new'} productId={productId} myReview={myReview} onSaved={onSaved} />;
}

function ReviewForm({ productId, myReview, onSaved }: WriteReviewProps & { myReview: Review | null }) {
  const saveMutation = useSaveReview(productId, onSaved);
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ReviewBodySchema),
    defaultValues: { rating: myReview?.rating ?? 0, content: myReview?.content ?? '' },
  });
  const content = useWatch({ control, name: 'content' });
  const isUpdate = myReview !== null;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await saveMutation.mutateAsync(values);
      showToast(answer.message, 'success');
      reset({ rating: answer.review.rating, content: answer.review.content });
    } catch (error) {
      if (applyServerFieldErrors(error, ['rating', 'content'], setError) > 0) return;
      showToast(messageOf(error, MESSAGES.unexpected), 'error');
    }
  });

  const heading = isUpdate ? 'Update your review' : 'Write a review';
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-label={heading}>
      <h3 className={styles.formTitle}>{heading}</h3>
      <Controller
        control={control}
        name="rating"
        render={({ field }) => (
          <StarPicker
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.rating?.message}
          />
        )}
      />
      <TextAreaField
        label="Your review"
        rows={5}
        hint={`${content.length}/${REVIEW_CONTENT_MAX}`}
        error={errors.content?.message}
        {...register('content')}
      />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Submitting...' : 'Submit'}
        </Button>
      </div>
    </form>
  );
}
