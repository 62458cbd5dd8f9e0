import { useParams } from 'react-router';
import { isStorePageSlug } from '@shopper/contract/plain';
import { NotFoundPage } from '../../features/not-found/not-found-page.tsx';
import { StorePage } from '../../features/store-pages/store-page.tsx';

/** /pages/{slug}: the shop's own pages; any other slug is the not-found page. */
export function StorePageRoute() {
  const { slug = '' } = useParams();
  return isStorePageSlug(slug) ? <StorePage slug={slug} notFound={<NotFoundPage />} /> : <NotFoundPage />;
}
