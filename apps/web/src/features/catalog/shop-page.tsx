import { PAGE_TITLES } from '@shopper/contract';
import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { ProductListing } from './components/product-listing.tsx';

export function ShopPage() {
  usePageTitle(PAGE_TITLES.shop);
  return (
    <>
      <PageHeader
        title={PAGE_TITLES.shop}
        subtitle="Everything in the store, with this season's markdowns. Filter by size, type, price and rating."
        breadcrumb={[{ label: 'Home', to: '/' }, { label: 'Shop' }]}
      />
      <Container isSection>
        <ProductListing />
      </Container>
    </>
  );
}
