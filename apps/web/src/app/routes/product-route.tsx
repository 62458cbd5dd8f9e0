import { useQueryClient } from '@tanstack/react-query';
import { refreshProductQueries } from '../../features/product/api/get-product.ts';
import type { RenderReviews } from '../../features/product/components/product-detail.tsx';
import { ProductByIdPage, ProductBySlugPage } from '../../features/product/product-page.tsx';
import { ProductReviews } from '../../features/reviews/components/product-reviews.tsx';

/** The product page with the reviews feature in its Reviews tab (features never import each other). */
function useRenderReviews(): RenderReviews {
  const queryClient = useQueryClient();
  // Keyed by product: the modal's sort and filter start over when the product changes (docs/product.md#reviews).
  return (product) => (
    <ProductReviews
      key={product.id}
      productId={product.id}
      // The header's rating and the tab's count come from the product: refetch it.
      onReviewSaved={() => void refreshProductQueries(queryClient)}
    />
  );
}

export function ProductByIdRoute() {
  return <ProductByIdPage renderReviews={useRenderReviews()} />;
}

export function ProductBySlugRoute() {
  return <ProductBySlugPage renderReviews={useRenderReviews()} />;
}
