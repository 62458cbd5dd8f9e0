export {
  categoryHead,
  collectionHead,
  homeHead,
  notFoundHead,
  productHead,
  renderHead,
  shopHead,
  storePageHead,
} from './page-head.ts';
export { seoRoutes } from './seo.routes.ts';
