export { categoryHead, homeHead, notFoundHead, productHead, renderHead, shopHead } from './page-head.ts';
export { seoRoutes } from './seo.routes.ts';
