import {
  ReviewAnswerSchema,
  ReviewListAnswerSchema,
  ReviewListQuerySchema,
  ReviewSchema,
  type Review,
  type ReviewListAnswer,
} from '@shopper/contract';
import { jsonResponse } from './account-fixtures.ts';

/** A review as the API answers it, checked by the contract schema so fakes cannot drift. */
export function buildReview(index: number, overrides: Partial<Review> = {}): Review {
  return ReviewSchema.parse({
    _id: `r${index}`,
    productId: 'p1',
    user: { name: `Customer ${index}` },
    // Review 1 is the newest.
    date: new Date(Date.UTC(2025, 5, 30) - index * 86_400_000).toISOString(),
    rating: (index % 5) + 1,
    content: `Review number ${index} says the fabric is lovely.`,
    verifiedPurchase: index % 2 === 0,
    isMine: false,
    ...overrides,
  });
}

export function buildReviews(count: number): Review[] {
  return Array.from({ length: count }, (_, index) => buildReview(index + 1));
}

/**
 * Answers GET /api/reviews/products/:id like the server: star filter, date sort, page and limit.
 */
export function reviewListAnswer(all: readonly Review[], url: string): ReviewListAnswer {
  const params = Object.fromEntries(new URL(url, 'http://localhost').searchParams);
  const query = ReviewListQuerySchema.parse(params);
  const matching = all
    .filter((review) => query.rating === undefined || review.rating === query.rating)
    .toSorted((a, b) => (query.sort === 'date-asc' ? a.date.localeCompare(b.date) : b.date.localeCompare(a.date)));
  const start = (query.page - 1) * query.limit;
  const distribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const review of all) distribution[review.rating as 1 | 2 | 3 | 4 | 5] += 1;
  const average = all.length > 0 ? all.reduce((sum, review) => sum + review.rating, 0) / all.length : 0;
  const totalPages = Math.ceil(matching.length / query.limit);
  return ReviewListAnswerSchema.parse({
    success: true,
    reviews: matching.slice(start, start + query.limit),
    pagination: {
      page: query.page,
      limit: query.limit,
      totalReviews: matching.length,
      totalPages,
      hasMore: query.page < totalPages,
    },
    ratings: { average: Math.round(average * 10) / 10, total: all.length, distribution },
  });
}

export function reviewListResponse(all: readonly Review[], url: string): Response {
  return jsonResponse(200, reviewListAnswer(all, url));
}

export function reviewSavedResponse(review: Review, message: string, reviewCount: number): Response {
  return jsonResponse(
    200,
    ReviewAnswerSchema.parse({ success: true, message, review, product: { rating: 4, reviewCount } }),
  );
}

export function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://localhost').searchParams);
}

/** jsdom has no IntersectionObserver: this one lets a test say when the sentinel comes into view. */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly targets = new Set<Element>();

  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }

  observe(target: Element) {
    this.targets.add(target);
  }

  unobserve(target: Element) {
    this.targets.delete(target);
  }

  disconnect() {
    this.targets.clear();
    FakeIntersectionObserver.instances = FakeIntersectionObserver.instances.filter((item) => item !== this);
  }

  takeRecords() {
    return [];
  }

  /** Reports every observed target as visible. */
  static intersectAll() {
    for (const observer of FakeIntersectionObserver.instances) {
      const entries = [...observer.targets].map(
        (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
      );
      if (entries.length > 0) observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  }
}
