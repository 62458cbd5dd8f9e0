import type { UseQueryResult } from '@tanstack/react-query';
import { MESSAGES } from '@shopper/contract/plain';
import type { ProductCollection } from '@shopper/contract';
import { ProductGrid } from '../../../components/product-grid.tsx';
import styles from './product-section.module.css';

interface ProductSectionProps {
  id: string;
  title: string;
  query: UseQueryResult<ProductCollection>;
  /** The fallback of docs/product.md#home, shown as 'Error loading …'. */
  errorMessage: string;
  skeletonCount: number;
}

export function ProductSection({ id, title, query, errorMessage, skeletonCount }: ProductSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        <span className={styles.rule} aria-hidden="true" />
      </div>
      {query.isError ? (
        <p className={styles.error} role="alert">
          {MESSAGES.errorLoadingSection(errorMessage)}
        </p>
      ) : query.data ? (
        <ProductGrid products={query.data.products} label={title} />
      ) : (
        <div className={styles.skeleton} aria-hidden="true">
          {Array.from({ length: skeletonCount }, (_, index) => (
            <span key={index} />
          ))}
        </div>
      )}
    </section>
  );
}
