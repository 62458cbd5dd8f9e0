import { Tabs } from 'radix-ui';
import { MESSAGES, type Product } from '@shopper/contract';
import { StarRating } from '../../../components/star-rating.tsx';
import styles from './product-page.module.css';

/** Description and Reviews tabs; the review list itself arrives with the reviews issue. */
export function ProductTabs({ product }: { product: Product }) {
  const description = product.longDescription || product.description || product.shortDescription;
  return (
    <Tabs.Root className={styles.tabs} defaultValue="description">
      <Tabs.List className={styles.tabList} aria-label="Product information">
        <Tabs.Trigger className={styles.tab} value="description">
          Description
        </Tabs.Trigger>
        <Tabs.Trigger className={styles.tab} value="reviews">
          Reviews ({product.reviewCount})
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content className={styles.tabPanel} value="description">
        <p className={styles.longDescription}>{description}</p>
        {product.tags.length > 0 ? (
          <ul className={styles.tags} aria-label="Tags">
            {product.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        ) : null}
      </Tabs.Content>
      <Tabs.Content className={styles.tabPanel} value="reviews">
        {product.reviewCount === 0 ? (
          <p className={styles.muted}>{MESSAGES.noReviewsYet}</p>
        ) : (
          <div className={styles.ratingSummary}>
            <span className={styles.ratingValue}>{product.rating.toFixed(1)}</span>
            <div>
              <StarRating rating={product.rating} size="large" />
              <p className={styles.muted}>
                Based on {product.reviewCount} {product.reviewCount === 1 ? 'review' : 'reviews'}
              </p>
            </div>
          </div>
        )}
      </Tabs.Content>
    </Tabs.Root>
  );
}
