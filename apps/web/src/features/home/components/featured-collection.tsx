import type { Collection, Product } from '@shopper/contract';
import { COLLECTION_MESSAGES, collectionPath } from '@shopper/contract/plain';
import { Link } from 'react-router';
import { ProductGrid } from '../../../components/product-grid.tsx';
import styles from './product-section.module.css';

/** A featured collection on the home page: its first products and a link to the rest. */
export function FeaturedCollection({ collection, products }: { collection: Collection; products: Product[] }) {
  const headingId = `collection-${collection.slug}-heading`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {collection.name}
        </h2>
        <span className={styles.rule} aria-hidden="true" />
        <Link className={styles.more} to={collectionPath(collection.slug)}>
          {COLLECTION_MESSAGES.shopCollection}
          <span className="visually-hidden">: {collection.name}</span>
        </Link>
      </div>
      <ProductGrid products={products} label={collection.name} />
    </section>
  );
}
