import { useParams } from 'react-router';
import { isCollectionSlug } from '@shopper/contract/plain';
import { CollectionPage } from '../../features/catalog/collection-page.tsx';
import { NotFoundPage } from '../../features/not-found/not-found-page.tsx';

/** /collections/{slug}: a visible collection; anything else, an over-long or malformed slug too, is the not-found page. */
export function CollectionRoute() {
  const { slug = '' } = useParams();
  if (!isCollectionSlug(slug)) return <NotFoundPage />;
  return <CollectionPage key={slug} slug={slug} notFound={<NotFoundPage />} />;
}
