import { Navigate, useParams, useSearchParams } from 'react-router';
import { LOADING_INDICATOR_DELAY_MS, MESSAGES } from '@shopper/contract/plain';
import { Container } from '../../components/container.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useDelayedFlag } from '../../hooks/use-delayed-flag.ts';
import { isApiError } from '../../lib/api-client.ts';
import { COLOUR_PARAM, SIZE_PARAM, slugPathOf } from '../../lib/product-colours.ts';
import { useProductById, useProductBySlug } from './api/get-product.ts';
import { ProductDetail, type RenderReviews } from './components/product-detail.tsx';
import { ProductLoadError, ProductNotFound } from './components/product-states.tsx';

/** 414: an identifier longer than any the API takes names no product either. */
function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 414);
}

function Loading() {
  const isShown = useDelayedFlag(true, LOADING_INDICATOR_DELAY_MS);
  return <div style={{ minHeight: '60vh' }}>{isShown ? <Spinner label="Loading product…" /> : null}</div>;
}

/** /product with no identifier (docs/product.md#product-page). */
export function MissingProductPage() {
  return (
    <Container isSection>
      <ProductNotFound detail={MESSAGES.noProductIdentifier} />
    </Container>
  );
}

/** /product/:productId: loads by id, then moves to the slug URL (replace) when there is one. */
export function ProductByIdPage({ renderReviews }: { renderReviews: RenderReviews }) {
  const { productId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const query = useProductById(productId);

  if (query.isPending)
    return (
      <Container>
        <Loading />
      </Container>
    );
  if (query.isError) {
    return (
      <Container isSection>
        {isNotFound(query.error) ? <ProductNotFound /> : <ProductLoadError id={productId} />}
      </Container>
    );
  }
  if (query.data.slug) {
    return (
      <Navigate to={slugPathOf(query.data, searchParams.get(COLOUR_PARAM), searchParams.get(SIZE_PARAM))} replace />
    );
  }
  return (
    <Container>
      <ProductDetail product={query.data} renderReviews={renderReviews} />
    </Container>
  );
}

/** /products/:productSlug */
export function ProductBySlugPage({ renderReviews }: { renderReviews: RenderReviews }) {
  const { productSlug = '' } = useParams();
  const query = useProductBySlug(productSlug);

  if (query.isPending)
    return (
      <Container>
        <Loading />
      </Container>
    );
  if (query.isError) {
    return (
      <Container isSection>
        {isNotFound(query.error) ? <ProductNotFound /> : <ProductLoadError id={productSlug} />}
      </Container>
    );
  }
  return (
    <Container>
      <ProductDetail product={query.data} renderReviews={renderReviews} />
    </Container>
  );
}
