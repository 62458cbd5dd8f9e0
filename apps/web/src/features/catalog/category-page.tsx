import { MESSAGES, type Category } from '@shopper/contract';
import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { capitalise } from '../../lib/capitalise.ts';
import { ProductListing } from './components/product-listing.tsx';

/** SPEC §2 Category page: title '{Category} Collection' and its subtitle; breadcrumb Home > Category. */
export function CategoryPage({ category }: { category: Category }) {
  const label = capitalise(category);
  usePageTitle(MESSAGES.categoryCollectionTitle(label));
  return (
    <>
      <PageHeader
        title={MESSAGES.categoryCollectionTitle(label)}
        subtitle={MESSAGES.categoryCollectionSubtitle(category)}
        breadcrumb={[{ label: 'Home', to: '/' }, { label }]}
      />
      <Container isSection>
        {/* A new category starts with fresh filters: the key remounts the listing state. */}
        <ProductListing key={category} category={category} />
      </Container>
    </>
  );
}
