import { useState, type FocusEvent } from 'react';
import { Link } from 'react-router';
import { discountPercent, SHOP_UI_MESSAGES as UI } from '@shopper/contract/plain';
import type { Product, ProductColour } from '@shopper/contract';
import { colourInFamilies, colourSearch, defaultColourOf, hasColourChoice } from '../lib/product-colours.ts';
import { CardSaveButton } from './card-save-button.tsx';
import { PriceTag } from './price-tag.tsx';
import { CARD_IMAGE_SIZES, ProductImage, uploadedImageProps } from './product-image.tsx';
import { StarRating } from './star-rating.tsx';
import styles from './product-card.module.css';

/** A card shows this many swatches, then "+n" (decision 043). */
export const MAX_CARD_SWATCHES = 5;

export function productPath(product: Pick<Product, 'slug' | 'id'>): string {
  return product.slug ? `/products/${encodeURIComponent(product.slug)}` : `/product/${encodeURIComponent(product.id)}`;
}

/** The product page showing one colour: `/products/{slug}?colour={colour slug}`. */
export function productColourPath(product: Pick<Product, 'slug' | 'id'>, colour: Pick<ProductColour, 'slug'>): string {
  return `${productPath(product)}${colourSearch(colour)}`;
}

interface ProductCardProps {
  product: Product;
  isAboveFold?: boolean;
  isPriority?: boolean;
  /** The listing's colour filter (families): the card shows, and links to, its first colour of one of them. */
  colourFamilies?: readonly string[];
}

export function ProductCard({
  product,
  isAboveFold = false,
  isPriority = false,
  colourFamilies = [],
}: ProductCardProps) {
  const percent = discountPercent(product.old_price, product.new_price);
  const matched = colourInFamilies(product, colourFamilies);
  const shown = matched ?? defaultColourOf(product);
  // Hovering or focusing a swatch shows that colour's photo until the pointer or focus leaves the swatches.
  const [previewId, setPreviewId] = useState<string | null>(null);
  const pictured = product.colours.find((colour) => colour.id === previewId) ?? shown;
  const mainImage = pictured?.mainImage || product.mainImage || product.image;
  const imageSources = pictured ? pictured.imageSources : product.imageSources;
  const href = matched ? productColourPath(product, matched) : productPath(product);
  const swatches = hasColourChoice(product) ? product.colours.slice(0, MAX_CARD_SWATCHES) : [];
  const moreColours = hasColourChoice(product) ? product.colours.length - swatches.length : 0;

  function handleSwatchesBlur(event: FocusEvent<HTMLUListElement>) {
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setPreviewId(null);
  }

  return (
    <article className={styles.card}>
      <div className={styles.media}>
        <ProductImage
          src={mainImage}
          alt={product.name}
          isAboveFold={isAboveFold}
          isPriority={isPriority}
          sizes={CARD_IMAGE_SIZES}
          {...uploadedImageProps(imageSources, mainImage)}
        />
        {percent !== null ? (
          <span className={styles.badge}>
            <span className="visually-hidden">Discount </span>-{percent}%
          </span>
        ) : null}
        {!product.in_stock ? <span className={styles.soldOut}>Out of stock</span> : null}
        {shown ? <CardSaveButton product={product} colour={shown} /> : null}
      </div>
      <div className={styles.body}>
        {swatches.length > 0 ? (
          <ul
            className={styles.swatches}
            aria-label={UI.coloursOf(product.name)}
            onMouseLeave={() => setPreviewId(null)}
            onBlur={handleSwatchesBlur}
          >
            {swatches.map((colour) => (
              <li key={colour.id}>
                <Link
                  to={productColourPath(product, colour)}
                  className={styles.swatch}
                  data-shown={colour.id === pictured?.id}
                  onMouseEnter={() => setPreviewId(colour.id)}
                  onFocus={() => setPreviewId(colour.id)}
                >
                  <span className={styles.swatchDot} style={{ backgroundColor: colour.swatch }} aria-hidden="true" />
                  <span className="visually-hidden">{colour.name}</span>
                </Link>
              </li>
            ))}
            {moreColours > 0 ? (
              <li className={styles.moreColours}>
                <span aria-hidden="true">+{moreColours}</span>
                <span className="visually-hidden">{UI.moreColours(moreColours)}</span>
              </li>
            ) : null}
          </ul>
        ) : null}
        {product.brand ? <span className={styles.brand}>{product.brand}</span> : null}
        <h3 className={styles.name}>
          <Link className={styles.link} to={href}>
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
