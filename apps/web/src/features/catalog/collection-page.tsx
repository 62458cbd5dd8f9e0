import { MESSAGES } from '@shopper/contract/plain';
import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { isApiError } from '../../lib/api-client.ts';
import { ProductListing } from './components/product-listing.tsx';
import { useCollection } from './api/get-collection.ts';
import styles from './collection-page.module.css';

/**
 * /collections/{slug} (docs/collections.md): the collection's banner or title, its description, and
 * its products with the listing's filters, sort and paging. A hidden or unknown collection is the
 * not-found page.
 */
export function CollectionPage({ slug, notFound }: { slug: string; notFound: React.ReactNode }) {
  const collection = useCollection(slug);
  usePageTitle(collection.data?.collection.name ?? '');
  if (collection.isError) {
    if (isApiError(collection.error) && collection.error.status === 404) return notFound;
    return (
      <Container isSection>
        <p role="alert">{MESSAGES.loadProductsFailed}</p>
      </Container>
    );
  }
  if (!collection.data) return <Spinner label="Loading the collection…" />;
  const { name, description, banner } = collection.data.collection;
  return (
    <>
      <PageHeader
        title={name}
        subtitle={banner ? undefined : description || undefined}
        breadcrumb={[{ label: 'Home', to: '/' }, { label: name }]}
        banner={banner ?? undefined}
      />
      <Container isSection>
        {banner && description ? <p className={styles.description}>{description}</p> : null}
        {/* Another collection starts with fresh filters: the key remounts the listing state. */}
        <ProductListing key={slug} collection={slug} />
      </Container>
    </>
  );
}
