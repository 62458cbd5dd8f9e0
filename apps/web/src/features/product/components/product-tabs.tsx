import { useState, type ReactNode } from 'react';
import { Tabs } from 'radix-ui';
import type { Product } from '@shopper/contract';
import styles from './product-page.module.css';

/** Description and Reviews tabs; the route supplies the Reviews panel (features never import each other). */
export function ProductTabs({ product, reviews }: { product: Product; reviews: ReactNode }) {
  const description = product.longDescription || product.description || product.shortDescription;
  const [tab, setTab] = useState('description');
  // Radix switches on pointer-down; a click also switches, so a tap React replays (a click alone,
  // decision 039) opens its tab too.
  return (
    <Tabs.Root className={styles.tabs} value={tab} onValueChange={setTab}>
      <Tabs.List className={styles.tabList} aria-label="Product information">
        <Tabs.Trigger className={styles.tab} value="description" onClick={() => setTab('description')}>
          Description
        </Tabs.Trigger>
        <Tabs.Trigger className={styles.tab} value="reviews" onClick={() => setTab('reviews')}>
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
        {reviews}
      </Tabs.Content>
    </Tabs.Root>
  );
}
