// Review paging, bounds and texts. Plain values, no zod: the product page reads them without
// loading the schemas.
/** Reviews (docs/product.md#reviews: 5 per page, date-desc / date-asc). */
export const REVIEW_SORTS = ['date-desc', 'date-asc'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEWS_PAGE_SIZE = 5;
export const MAX_REVIEWS_PAGE_SIZE = 50;
export const REVIEW_CONTENT_MIN = 10;
export const REVIEW_CONTENT_MAX = 2000;

export const REVIEW_MESSAGES = {
  fetchError: 'An error occurred while fetching reviews',
  fetchFailed: 'Failed to fetch reviews',
  countsFailed: 'Failed to fetch rating counts',
  fetchMoreError: 'An error occurred while fetching more reviews',
  noReviewsYet: 'No reviews yet. Be the first to review this product!',
  noReviewsMatch: 'No reviews match your filter criteria.',
  seenAll: "You've seen all reviews",
  ratingRequired: 'Please choose a rating from 1 to 5 stars',
  contentRequired: 'Please write your review',
  contentTooShort: `Your review should be at least ${REVIEW_CONTENT_MIN} characters`,
  contentTooLong: `Your review cannot exceed ${REVIEW_CONTENT_MAX} characters`,
  reviewSaved: 'Thank you! Your review has been posted.',
  reviewUpdated: 'Your review has been updated.',
  loginToReview: 'Please login to write a review',
  reviewDeleted: 'Your review has been deleted.',
  noReviewToDelete: 'You have not reviewed this product.',
} as const;
