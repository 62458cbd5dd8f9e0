import { useParams } from 'react-router';
import { CATEGORIES } from '@shopper/contract/plain';
import type { Category } from '@shopper/contract';
import { CategoryPage } from '../../features/catalog/category-page.tsx';
import { NotFoundPage } from '../../features/not-found/not-found-page.tsx';

function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

/** /:category: the three categories of docs/product.md#constants; any other single segment is the not-found page. */
export function CategoryRoute() {
  const { category = '' } = useParams();
  const normalised = category.toLowerCase();
  return isCategory(normalised) ? <CategoryPage category={normalised} /> : <NotFoundPage />;
}
