import { REVIEW_MESSAGES } from '@shopper/contract/plain';
import { isApiError } from '../../../lib/api-client.ts';

/**
 * docs/product.md#reviews: a request that never got an answer (network, time-out) is 'An error occurred
 * while fetching reviews'; an answer refusing or not matching the contract is 'Failed to fetch reviews'.
 */
export function reviewsErrorText(error: unknown): string {
  const isTransport = isApiError(error) && (error.status === 0 || error.status === 408);
  return isTransport || !isApiError(error) ? REVIEW_MESSAGES.fetchError : REVIEW_MESSAGES.fetchFailed;
}
