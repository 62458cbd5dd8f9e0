import type { ReviewListAnswer } from '@shopper/contract';
import { StarRating } from '../../../components/star-rating.tsx';
import styles from './reviews.module.css';

export const STARS_DESCENDING = [5, 4, 3, 2, 1] as const;

export function reviewsLabel(count: number): string {
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}

/** Average (stars by the display rule of docs/product.md#constants), total, and one bar per star from 5 down to 1. */
export function RatingSummary({ ratings }: { ratings: ReviewListAnswer['ratings'] }) {
  const { average, total, distribution } = ratings;
  return (
    <div className={styles.summary}>
      <div className={styles.average}>
        <span className={styles.averageValue}>{average.toFixed(1)}</span>
        <div>
          <StarRating rating={average} size="large" />
          <p className={styles.muted}>Based on {reviewsLabel(total)}</p>
        </div>
      </div>
      <ul className={styles.distribution} aria-label="Rating distribution">
        {STARS_DESCENDING.map((star) => {
          const count = distribution[star];
          const percent = total > 0 ? Math.round((count / total) * 100) : 0;
          return (
            <li key={star} className={styles.distributionRow}>
              <span className="visually-hidden">{`${star} ${star === 1 ? 'star' : 'stars'}: ${reviewsLabel(count)}`}</span>
              <span className={styles.distributionStar} aria-hidden="true">
                {star} ★
              </span>
              <span className={styles.bar} aria-hidden="true">
                <span className={styles.barFill} style={{ width: `${percent}%` }} />
              </span>
              <span className={styles.distributionCount} aria-hidden="true">
                {count}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
