import { useForm } from 'react-hook-form';
import { NavLink, useParams } from 'react-router';
import {
  type AdminStorePage,
  BACK_OFFICE_UI_MESSAGES as T,
  isStorePageSlug,
  STORE_PAGE_MESSAGES as M,
  STORE_PAGE_SLUGS,
  STORE_PAGE_TITLES,
  type StorePageBody,
  StorePageBodySchema,
  storePagePath,
} from '@shopper/contract';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { FormError } from '../../components/form-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Panel } from '../../components/panel.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { formatDateTime } from '../../lib/format.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { notifySuccess } from '../../lib/toast.ts';
import { useSaveStorePage, useStorePageHistory, useStorePages } from './api/store-pages.ts';
import styles from './store-pages-page.module.css';

function PageForm({ page }: { page: AdminStorePage }) {
  const save = useSaveStorePage(page.slug);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<StorePageBody>({
    defaultValues: { title: page.title, markdown: page.markdown },
    resolver: contractResolver(StorePageBodySchema, (values: StorePageBody) => values),
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(values);
      notifySuccess(answer.message ?? M.saved);
    } catch (error) {
      const message = applyServerErrors(error, setError, ['title', 'markdown'], M.saveFailed);
      if (message) setError('root', { message });
    }
  });
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      {page.isStarter ? <p className={styles.notice}>{M.starterNotice}</p> : null}
      <Field label="Title" error={errors.title?.message}>
        <input {...register('title')} />
      </Field>
      <Field
        label="Text"
        error={errors.markdown?.message}
        hint="Markdown: ## for a heading, - for a list, **bold**, [a link](https://…). Scripts, styles, pictures and frames are removed."
      >
        <textarea rows={22} className={styles.text} {...register('markdown')} />
      </Field>
      <FormError message={errors.root?.message} />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" isBusy={isSubmitting}>
          Save page
        </Button>
        <a href={storePagePath(page.slug)} target="_blank" rel="noopener">
          View the page
        </a>
      </div>
    </form>
  );
}

function History({ page }: { page: AdminStorePage }) {
  const history = useStorePageHistory(page.slug);
  return (
    <Panel title="History">
      <QueryState
        isPending={history.isPending}
        error={history.error}
        onRetry={() => void history.refetch()}
        fallback={T.loadFailed}
      >
        {history.data && history.data.items.length > 0 ? (
          <ol className={styles.history}>
            {history.data.items.map((entry) => (
              <li key={entry.id}>
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time> —{' '}
                {entry.actor?.email ?? 'the command line'}
              </li>
            ))}
          </ol>
        ) : (
          <p className={styles.muted}>Never edited: the page shows its starter text.</p>
        )}
      </QueryState>
    </Panel>
  );
}

/** Owner only: terms, privacy, returns, shipping, size guide and contact, in Markdown (docs/back-office.md). */
export function StorePagesPage() {
  const { slug = 'terms' } = useParams();
  const pages = useStorePages();
  const current = isStorePageSlug(slug) ? pages.data?.find((page) => page.slug === slug) : undefined;
  return (
    <>
      <PageHeader title="Pages" />
      <div className={styles.layout}>
        <nav aria-label="Store pages">
          <ul className={styles.list}>
            {STORE_PAGE_SLUGS.map((each) => (
              <li key={each}>
                <NavLink
                  to={`/pages/${each}`}
                  className={({ isActive }) => (isActive || each === slug ? styles.active : undefined)}
                >
                  {STORE_PAGE_TITLES[each]}
                </NavLink>{' '}
                {pages.data?.find((page) => page.slug === each)?.isStarter ? (
                  <Badge tone="warning">Starter</Badge>
                ) : null}
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.main}>
          <QueryState
            isPending={pages.isPending}
            error={pages.error}
            onRetry={() => void pages.refetch()}
            fallback={M.loadFailed}
          >
            {current ? (
              <>
                <Panel title={STORE_PAGE_TITLES[current.slug]}>
                  {/* A fresh form per page and per save, so it shows what the server kept. */}
                  <PageForm key={`${current.slug}|${current.updatedAt ?? ''}`} page={current} />
                </Panel>
                <History page={current} />
              </>
            ) : (
              <p role="alert">{M.notFound}</p>
            )}
          </QueryState>
        </div>
      </div>
    </>
  );
}
