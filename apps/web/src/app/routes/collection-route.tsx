import { useParams } from 'react-router';
import { CollectionPage } from '../../features/catalog/collection-page.tsx';
import { NotFoundPage } from '../../features/not-found/not-found-page.tsx';

/** /collections/{slug}: a visible collection; anything else is the not-found page. */
export function CollectionRoute() {
  const { slug = '' } = useParams();
  return <CollectionPage key={slug} slug={slug} notFound={<NotFoundPage />} />;
}
