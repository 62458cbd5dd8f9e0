import { useEffect } from 'react';
import { SITE_TITLE_SUFFIX } from '@shopper/contract/plain';

/** Sets the document title with the site-wide suffix of docs/product.md#pages. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title}${SITE_TITLE_SUFFIX}`;
  }, [title]);
}
