import type { Product } from '@shopper/contract';
import { ProductCard } from './product-card.tsx';
import styles from './product-grid.module.css';

interface ProductGridProps {
  products: Product[];
  /** How many leading cards load eagerly (they are in the first viewport). */
  eagerCount?: number;
  label?: string;
}

export function ProductGrid({ products, eagerCount = 0, label }: ProductGridProps) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} isAboveFold={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
