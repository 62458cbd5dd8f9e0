import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { discountPercent } from '@shopper/contract/plain';
import type { Product, ProductColour } from '@shopper/contract';
import { Breadcrumb } from '../../../components/breadcrumb.tsx';
import { HydrationPart } from '../../../components/hydration-part.tsx';
import { PriceTag } from '../../../components/price-tag.tsx';
import { ProductGrid } from '../../../components/product-grid.tsx';
import { StarRating } from '../../../components/star-rating.tsx';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { capitalise } from '../../../lib/capitalise.ts';
import { COLOUR_PARAM, colourBySlug, galleryOf, SIZE_PARAM } from '../../../lib/product-colours.ts';
import { useRelatedProducts } from '../api/get-related-products.ts';
import { ProductGallery } from './product-gallery.tsx';
import { ProductTabs } from './product-tabs.tsx';
import { PurchasePanel } from './purchase-panel.tsx';
import styles from './product-page.module.css';

/** What the route puts in the Reviews tab for a product. */
export type RenderReviews = (product: Product) => ReactNode;

export function ProductDetail({ product, renderReviews }: { product: Product; renderReviews: RenderReviews }) {
  usePageTitle(product.name);
  const percent = discountPercent(product.old_price, product.new_price);
  // The colour shown is the URL's (decision 043): the server rendered the same one for `?colour=`.
  const [searchParams, setSearchParams] = useSearchParams();
  const colour = colourBySlug(product, searchParams.get(COLOUR_PARAM));
  const gallery = colour ?? product;
  const images = galleryOf({ images: gallery.images, mainImage: gallery.mainImage || product.image });
  const related = useRelatedProducts(product.category, product.id);
  const relatedProducts = related.data?.products ?? [];

  function chooseColour(next: ProductColour) {
    // In place: the same page in another colour, not a step back for the Back button.
    void setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set(COLOUR_PARAM, next.slug);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return (
    <div className={styles.page}>
      <Breadcrumb
        items={[
          { label: 'Home', to: '/' },
          { label: capitalise(product.category), to: `/${product.category.toLowerCase()}` },
          { label: product.name },
        ]}
      />
      <div className={styles.top}>
        <HydrationPart>
          <ProductGallery
            // Another colour is another gallery: it opens on that colour's main photo.
            key={`${product.id}:${colour?.id ?? ''}`}
            name={product.name}
            images={images}
            initialIndex={gallery.mainImageIndex}
            imageSources={gallery.imageSources}
          />
        </HydrationPart>
        <div className={styles.info}>
          {product.brand ? <p className={styles.brand}>{product.brand}</p> : null}
          <h1 className={styles.name}>{product.name}</h1>
          <StarRating
            rating={product.rating}
            caption={`${product.rating.toFixed(1)} · ${product.reviewCount} ${product.reviewCount === 1 ? 'review' : 'reviews'}`}
          />
          <div className={styles.priceRow}>
            <PriceTag oldPrice={product.old_price} newPrice={product.new_price} size="large" />
            {percent !== null ? <span className={styles.discount}>{percent}% off</span> : null}
          </div>
          {product.shortDescription ? <p className={styles.short}>{product.shortDescription}</p> : null}
          <HydrationPart>
            <PurchasePanel
              key={product.id}
              product={product}
              colour={colour}
              onColourChange={chooseColour}
              initialSize={searchParams.get(SIZE_PARAM)}
            />
          </HydrationPart>
          <dl className={styles.meta}>
            <dt>Category</dt>
            <dd>{product.category}</dd>
            {product.types.length > 0 ? (
              <>
                <dt>Type</dt>
                <dd>{product.types.join(', ')}</dd>
              </>
            ) : null}
          </dl>
        </div>
      </div>

      <HydrationPart>
        <ProductTabs product={product} reviews={renderReviews(product)} />
      </HydrationPart>

      {relatedProducts.length > 0 ? (
        <section className={styles.related} aria-labelledby="related-heading">
          <h2 id="related-heading" className={styles.relatedTitle}>
            Related Products
          </h2>
          <ProductGrid products={relatedProducts} label="Related Products" />
        </section>
      ) : null}
    </div>
  );
}
