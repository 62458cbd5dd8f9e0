import { filledStars } from '@shopper/contract/plain';
import styles from './star-rating.module.css';

interface StarRatingProps {
  rating: number;
  /** Shown next to the stars, e.g. a review count. */
  caption?: string;
  size?: 'small' | 'large';
}

/** Five stars filled by the display rule of docs/product.md#constants (contract filledStars). */
export function StarRating({ rating, caption, size = 'small' }: StarRatingProps) {
  const filled = filledStars(rating);
  const label = `Rated ${Number(rating.toFixed(1))} out of 5`;
  return (
    <span className={[styles.rating, size === 'large' && styles.large].filter(Boolean).join(' ')}>
      <span className={styles.stars} role="img" aria-label={label}>
        {Array.from({ length: 5 }, (_, index) => (
          <span key={index} className={styles.star} data-filled={index < filled} aria-hidden="true">
            ★
          </span>
        ))}
      </span>
      {caption ? <span>{caption}</span> : null}
    </span>
  );
}
