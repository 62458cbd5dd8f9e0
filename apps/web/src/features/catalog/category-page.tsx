import { MESSAGES } from '@shopper/contract/plain';
import type { Category } from '@shopper/contract';
import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { capitalise } from '../../lib/capitalise.ts';
import { useCategories } from './api/get-categories.ts';
import { ProductListing } from './components/product-listing.tsx';

/**
 * docs/product.md#category-page: the category's banner image, or else the title '{Category} Collection'
 * and its subtitle (no banner, or the categories failed to load); breadcrumb Home > Category.
 */
export function CategoryPage({ category }: { category: Category }) {
  const label = capitalise(category);
  usePageTitle(MESSAGES.categoryCollectionTitle(label));
  const categories = useCategories();
  const banner = categories.isPending
    ? 'pending'
    : categories.data?.categories.find((candidate) => candidate.slug === category)?.banner;
  return (
    <>
      <PageHeader
        title={MESSAGES.categoryCollectionTitle(label)}
        subtitle={MESSAGES.categoryCollectionSubtitle(category)}
        breadcrumb={[{ label: 'Home', to: '/' }, { label }]}
        banner={banner}
      />
      <Container isSection>
        {/* A new category starts with fresh filters: the key remounts the listing state. */}
        <ProductListing key={category} category={category} />
      </Container>
    </>
  );
}
