import { BACK_OFFICE_UI_MESSAGES as T } from '@shopper/contract';
import { PageHeader } from '../../components/page-header.tsx';
import { Panel } from '../../components/panel.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useCategories } from './api/get-categories.ts';
import { bannerSrc, CategoryBannerForm } from './components/category-banner-form.tsx';
import styles from './categories.module.css';

/** Catalog: each category's banner, as the storefront's category page shows it. */
export function CategoriesPage() {
  const categories = useCategories();
  return (
    <>
      <PageHeader title="Categories" />
      <QueryState
        isPending={categories.isPending}
        error={categories.error}
        onRetry={() => void categories.refetch()}
        fallback={T.loadFailed}
      >
        {categories.data ? (
          <div className={styles.layout}>
            {categories.data.categories.map((category) => (
              <Panel key={category.slug} title={category.name}>
                <img
                  src={bannerSrc(category.banner.image)}
                  alt={category.banner.alt}
                  width={category.banner.width}
                  height={category.banner.height}
                  className={styles.current}
                />
                <CategoryBannerForm
                  key={`${category.banner.image}|${category.banner.alt}`}
                  category={category}
                  builtIn={categories.data.builtInBanners}
                />
              </Panel>
            ))}
          </div>
        ) : null}
      </QueryState>
    </>
  );
}
