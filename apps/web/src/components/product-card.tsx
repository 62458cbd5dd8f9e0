import { Link } from 'react-router';
import { discountPercent } from '@shopper/contract/plain';
import type { Product } from '@shopper/contract';
import { PriceTag } from './price-tag.tsx';
import { CARD_IMAGE_SIZES, ProductImage, uploadedImageProps } from './product-image.tsx';
import { StarRating } from './star-rating.tsx';
import styles from './product-card.module.css';

export function productPath(product: Pick<Product, 'slug' | 'id'>): string {
  return product.slug ? `/products/${encodeURIComponent(product.slug)}` : `/product/${encodeURIComponent(product.id)}`;
}

interface ProductCardProps {
  product: Product;
  isAboveFold?: boolean;
  isPriority?: boolean;
}

export function ProductCard({ product, isAboveFold = false, isPriority = false }: ProductCardProps) {
  const percent = discountPercent(product.old_price, product.new_price);
  const mainImage = product.mainImage || product.image;
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        <ProductImage
          src={mainImage}
          alt={product.name}
          isAboveFold={isAboveFold}
          isPriority={isPriority}
          sizes={CARD_IMAGE_SIZES}
          {...uploadedImageProps(product.imageSources, mainImage)}
        />
        {percent !== null ? (
          <span className={styles.badge}>
            <span className="visually-hidden">Discount </span>-{percent}%
          </span>
        ) : null}
        {!product.in_stock ? <span className={styles.soldOut}>Out of stock</span> : null}
      </div>
      <div className={styles.body}>
        {product.brand ? <span className={styles.brand}>{product.brand}</span> : null}
        <h3 className={styles.name}>
          <Link className={styles.link} to={productPath(product)}>
            {product.name}
          </Link>
        </h3>
        <PriceTag oldPrice={product.old_price} newPrice={product.new_price} />
        <StarRating
          rating={product.rating}
          caption={product.reviewCount > 0 ? `(${product.reviewCount})` : undefined}
        />
      </div>
    </article>
  );
}
