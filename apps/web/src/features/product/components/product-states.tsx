import { MESSAGES } from '@shopper/contract/plain';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { usePageTitle } from '../../../hooks/use-page-title.ts';

export function ProductNotFound({ detail }: { detail?: string }) {
  usePageTitle(MESSAGES.productNotFound);
  return (
    <EmptyState
      headingLevel="h1"
      title={MESSAGES.productNotFound}
      message={detail ?? 'The product you are looking for may have been removed or is no longer available.'}
      actions={
        <>
          <ButtonLink to="/">Browse Products</ButtonLink>
          <ButtonLink to="/shop" variant="secondary">
            Check Offers
          </ButtonLink>
        </>
      }
    />
  );
}

export function ProductLoadError({ id }: { id: string }) {
  usePageTitle(MESSAGES.productLoadingError);
  return (
    <EmptyState
      role="alert"
      headingLevel="h1"
      title={MESSAGES.productLoadingError}
      message={MESSAGES.productLoadingErrorDetail(id)}
      actions={
        <>
          <Button onClick={() => window.location.reload()}>Try Again</Button>
          <ButtonLink to="/shop" variant="secondary">
            Browse All Products
          </ButtonLink>
        </>
      }
    />
  );
}
