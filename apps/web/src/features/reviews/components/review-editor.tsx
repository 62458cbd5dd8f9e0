import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, REVIEW_CONTENT_MAX, ReviewBodySchema, type Review, type ReviewAnswer } from '@shopper/contract';
import { Button } from '../../../components/button.tsx';
import { TextAreaField } from '../../../components/form-field.tsx';
import { applyServerFieldErrors, messageOf } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import { useSaveReview } from '../api/save-review.ts';
import { StarPicker } from './star-picker.tsx';
import styles from './reviews.module.css';

interface ReviewEditorProps {
  productId: string;
  myReview: Review | null;
  onSaved?: ((answer: ReviewAnswer) => void) | undefined;
}

/** The review form itself (write or update), loaded lazily by WriteReview. */
export function ReviewEditor({ productId, myReview, onSaved }: ReviewEditorProps) {
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
