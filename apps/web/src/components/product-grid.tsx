import type { Product } from '@shopper/contract';
import { HydrationPart } from './hydration-part.tsx';
import { ProductCard } from './product-card.tsx';
import styles from './product-grid.module.css';

interface ProductGridProps {
  products: Product[];
  /** How many leading cards load eagerly (they are in the first viewport). */
  eagerCount?: number;
  /** How many leading cards are the page's largest paint (a phone's first row): fetched first. */
  priorityCount?: number;
  label?: string;
  /** The listing's colour filter: each card shows its first colour of these families (decision 043). */
  colourFamilies?: readonly string[];
}

export function ProductGrid({ products, eagerCount = 0, priorityCount = 0, label, colourFamilies }: ProductGridProps) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id} className={styles.item}>
          {/* Each card is a hydration part: React commits a grid card by card, not as one long task. */}
          <HydrationPart>
            <ProductCard
              product={product}
              isAboveFold={index < eagerCount}
              isPriority={index < priorityCount}
              colourFamilies={colourFamilies}
            />
          </HydrationPart>
        </li>
      ))}
    </ul>
  );
}
