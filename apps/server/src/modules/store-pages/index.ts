export { renderPageMarkdown } from './page-markdown.ts';
export { STARTER_RETURN_DAYS } from './starter-pages.ts';
export { storePagesAdminRoutes } from './store-pages.admin-routes.ts';
export { storePagesRoutes } from './store-pages.routes.ts';
export { createStorePagesService, type StorePagesService } from './store-pages.service.ts';
