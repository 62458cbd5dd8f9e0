import type { Review } from '@shopper/contract';
import { StarRating } from '../../../components/star-rating.tsx';
import { formatUtcDate } from '../../../lib/utc-date.ts';
import styles from './reviews.module.css';

/** One review; its content is rendered as text, never as HTML (customers write it). */
export function ReviewItem({ review }: { review: Review }) {
  return (
    <article className={styles.review} aria-label={`Review by ${review.user.name}`}>
      <header className={styles.reviewHeader}>
        <span className={styles.reviewer}>{review.user.name}</span>
        {review.verifiedPurchase ? <span className={styles.badge}>Verified Purchase</span> : null}
        {review.isMine ? <span className={styles.mine}>Your review</span> : null}
        <time className={styles.date} dateTime={review.date}>
          {formatUtcDate(review.date)}
        </time>
      </header>
      <StarRating rating={review.rating} />
      <p className={styles.content}>{review.content}</p>
    </article>
  );
}

export function ReviewList({ reviews, label }: { reviews: readonly Review[]; label: string }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {reviews.map((review) => (
        <li key={review._id}>
          <ReviewItem review={review} />
        </li>
      ))}
    </ul>
  );
}
