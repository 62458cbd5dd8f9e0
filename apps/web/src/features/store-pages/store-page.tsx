import type { ReactNode } from 'react';
import { STORE_PAGE_MESSAGES, type StorePageSlug } from '@shopper/contract/plain';
import { Alert } from '../../components/alert.tsx';
import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useStorePage } from './api/get-store-page.ts';
import styles from './store-page.module.css';

/** Terms, privacy, returns, shipping, size guide, contact (docs/product.md#store-pages); `notFound` if the shop has no such page. */
export function StorePage({ slug, notFound }: { slug: StorePageSlug; notFound: ReactNode }) {
  const { data, error, isPending } = useStorePage(slug);
  const title = data?.page.title ?? '';
  usePageTitle(title);
  if (isApiError(error) && error.status === 404) return notFound;
  return (
    <>
      <PageHeader title={title} breadcrumb={[{ label: 'Home', to: '/' }, { label: title }]} />
      <Container isSection>
        {isPending ? <Spinner /> : null}
        {error ? <Alert tone="error">{STORE_PAGE_MESSAGES.loadFailed}</Alert> : null}
        {data ? (
          // The server renders the owner's Markdown and sanitises it: no script, handler, style or frame survives.
          <article className={styles.prose} dangerouslySetInnerHTML={{ __html: data.page.html }} />
        ) : null}
      </Container>
    </>
  );
}
