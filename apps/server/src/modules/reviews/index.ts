export { averageRating } from './rating-summary.ts';
export { reviewsAdminRoutes } from './reviews.admin-routes.ts';
export { createReviewsAdminService } from './reviews.admin-service.ts';
export { reviewsRoutes } from './reviews.routes.ts';
export { createReviewsService } from './reviews.service.ts';
