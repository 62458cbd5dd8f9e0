import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { ACCOUNT_MESSAGES, REVIEW_MESSAGES, UserAnswerSchema, type Review } from '@shopper/contract';
import { AUTH_TOKEN_KEY } from '../../../lib/session.ts';
import { buildUser, errorBody, jsonResponse, stubApi } from '../../../test/account-fixtures.ts';
import { renderPage } from '../../../test/render.tsx';
import {
  buildReview,
  buildReviews,
  FakeIntersectionObserver,
  queryOf,
  reviewListAnswer,
  reviewListResponse,
} from '../../../test/review-fixtures.ts';
import { ProductReviews } from './product-reviews.tsx';

const LIST = 'GET /api/reviews/products/p1';

function serve(all: readonly Review[]) {
  return stubApi({ [LIST]: ({ url }) => reviewListResponse(all, url) });
}

function renderReviews() {
  return renderPage(
    <>
      <ProductReviews productId="p1" />
      <Toaster />
    </>,
    '/products/linen-summer-shirt',
    [{ path: '/login', element: <p>Login page</p> }],
  );
}

function listCalls(fetch: ReturnType<typeof stubApi>) {
  return fetch.mock.calls.map(([input]) => input as string).filter((url) => url.includes('/api/reviews/'));
}

async function openModal() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'See All Reviews' }));
  // The dialog's code loads on its first opening (a lazy chunk), as a page's does.
  const dialog = await screen.findByRole('dialog', { name: 'All Reviews' });
  await within(dialog).findByRole('list', { name: 'All reviews' });
  return { user, dialog };
}

function shownReviewNames(dialog: HTMLElement): string[] {
  const list = within(dialog).getByRole('list', { name: 'All reviews' });
  return within(list)
    .getAllByRole('article')
    .map((article) => article.getAttribute('aria-label') ?? '');
}

beforeEach(() => {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => vi.unstubAllGlobals());

describe('Reviews tab', () => {
  it('previews the 5 latest reviews with the summary, badges and text content', async () => {
    const reviews = buildReviews(7);
    reviews[0] = buildReview(1, { content: '<img src=x onerror=alert(1)> so soft', verifiedPurchase: true });
    const fetch = serve(reviews);
    renderReviews();

    const preview = await screen.findByRole('list', { name: 'Latest reviews' });
    const items = within(preview).getAllByRole('article');
    expect(items).toHaveLength(5);
    expect(items[0]!.getAttribute('aria-label')).toBe('Review by Customer 1');
    expect(within(items[0]!).getByText('<img src=x onerror=alert(1)> so soft')).toBeTruthy();
    expect(within(items[0]!).getByText('Verified Purchase')).toBeTruthy();
    expect(preview.querySelector('img')).toBeNull();
    expect(screen.getByText('Based on 7 reviews')).toBeTruthy();
    const answer = reviewListAnswer(reviews, '/x?page=1&limit=5');
    expect(screen.getByText(`5 stars: ${answer.ratings.distribution[5]} review`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'See All Reviews' })).toBeTruthy();
    expect(queryOf(listCalls(fetch)[0]!)).toEqual({ page: '1', limit: '5', sort: 'date-desc' });
  });

  it("offers 'See All Reviews' only when there are more than 5", async () => {
    serve(buildReviews(5));
    renderReviews();
    expect(await screen.findByRole('list', { name: 'Latest reviews' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'See All Reviews' })).toBeNull();
  });

  it('says there are no reviews yet', async () => {
    serve([]);
    renderReviews();
    expect(await screen.findByText(REVIEW_MESSAGES.noReviewsYet)).toBeTruthy();
  });

  it("says 'Failed to fetch reviews' when the server refuses", async () => {
    stubApi({ [LIST]: () => jsonResponse(404, errorBody('NOT_FOUND', 'No such product')) });
    renderReviews();
    expect(await screen.findByText(REVIEW_MESSAGES.fetchFailed)).toBeTruthy();
  });

  it("says 'An error occurred while fetching reviews' when the request fails", async () => {
    stubApi({
      [LIST]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderReviews();
    expect(await screen.findByText(REVIEW_MESSAGES.fetchError)).toBeTruthy();
  });

  it('asks guests to log in, keeping the page to come back to', async () => {
    const user = userEvent.setup();
    serve([]);
    const { router } = renderReviews();
    expect(await screen.findByText(`${REVIEW_MESSAGES.loginToReview}.`, { exact: false })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Login' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({
      from: { pathname: '/products/linen-summer-shirt', search: '', hash: '' },
    });
  });
});

describe('See All Reviews modal', () => {
  it('loads the first 5, then reloads from scratch when the sort changes', async () => {
    const fetch = serve(buildReviews(12));
    renderReviews();
    const { user, dialog } = await openModal();
    expect(shownReviewNames(dialog)).toEqual([1, 2, 3, 4, 5].map((i) => `Review by Customer ${i}`));

    await user.selectOptions(within(dialog).getByLabelText('Sort by'), 'Oldest');
    await waitFor(() => expect(shownReviewNames(dialog)[0]).toBe('Review by Customer 12'));
    expect(shownReviewNames(dialog)).toHaveLength(5);
    expect(queryOf(listCalls(fetch).at(-1)!)).toEqual({ page: '1', limit: '5', sort: 'date-asc' });
  });

  it('filters by stars, and clicking the active star clears the filter', async () => {
    const reviews = buildReviews(12);
    const fetch = serve(reviews);
    renderReviews();
    const { user, dialog } = await openModal();

    const fiveStars = within(dialog).getByRole('button', { name: /^5 stars/ });
    await user.click(fiveStars);
    expect(fiveStars.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(shownReviewNames(dialog)).toEqual(['Review by Customer 4', 'Review by Customer 9']));
    expect(queryOf(listCalls(fetch).at(-1)!)).toMatchObject({ page: '1', rating: '5' });

    await user.click(fiveStars);
    expect(fiveStars.getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(shownReviewNames(dialog)).toHaveLength(5));
    expect(queryOf(listCalls(fetch).at(-1)!)).not.toHaveProperty('rating');
  });

  it('says when no review matches the filter', async () => {
    serve(buildReviews(6).map((review) => ({ ...review, rating: 4 })));
    renderReviews();
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: /^1 star/ }));
    expect(await within(dialog).findByText(REVIEW_MESSAGES.noReviewsMatch)).toBeTruthy();
  });

  it('loads 5 more as the sentinel comes into view, de-duplicated by _id, up to the end', async () => {
    const reviews = buildReviews(12);
    const fetch = stubApi({
      [LIST]: ({ url }) => {
        const answer = reviewListAnswer(reviews, url);
        // Page 2 repeats the last review of page 1, as when a review arrives between two pages.
        if (queryOf(url).page === '2') answer.reviews = [reviews[4]!, ...answer.reviews.slice(1)];
        return jsonResponse(200, answer);
      },
    });
    renderReviews();
    const { dialog } = await openModal();

    FakeIntersectionObserver.intersectAll();
    await waitFor(() => expect(shownReviewNames(dialog)).toHaveLength(9));
    expect(new Set(shownReviewNames(dialog)).size).toBe(9);

    // The sentinel is throttled (150 ms): keep scrolling it into view until the next page arrives.
    await waitFor(() => {
      FakeIntersectionObserver.intersectAll();
      expect(within(dialog).getByText(REVIEW_MESSAGES.seenAll)).toBeTruthy();
    });
    expect(shownReviewNames(dialog)).toHaveLength(11);
    expect(within(dialog).queryByRole('button', { name: 'Load more reviews' })).toBeNull();
    const pages = listCalls(fetch).map((url) => queryOf(url).page);
    expect(pages.slice(-3)).toEqual(['1', '2', '3']);
  });

  it('turns hasMore off when loading more fails', async () => {
    const reviews = buildReviews(12);
    const fetch = stubApi({
      [LIST]: ({ url }) =>
        queryOf(url).page === '2' ? new Response('', { status: 500 }) : reviewListResponse(reviews, url),
    });
    renderReviews();
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Load more reviews' }));
    expect(await within(dialog).findByText(REVIEW_MESSAGES.fetchMoreError)).toBeTruthy();
    expect(shownReviewNames(dialog)).toHaveLength(5);
    expect(within(dialog).queryByRole('button', { name: 'Load more reviews' })).toBeNull();
    expect(within(dialog).queryByText(REVIEW_MESSAGES.seenAll)).toBeNull();
    const calls = listCalls(fetch).length;
    FakeIntersectionObserver.intersectAll();
    // Nothing should happen, so there is no event to await: wait out the 150 ms throttle once.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(listCalls(fetch)).toHaveLength(calls);
  });

  it('resets the star filter when closed', async () => {
    const fetch = serve(buildReviews(12));
    renderReviews();
    const first = await openModal();
    await first.user.click(within(first.dialog).getByRole('button', { name: /^3 stars/ }));
    await waitFor(() => expect(queryOf(listCalls(fetch).at(-1)!)).toMatchObject({ rating: '3' }));
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const second = await openModal();
    expect(
      within(second.dialog)
        .getByRole('button', { name: /^3 stars/ })
        .getAttribute('aria-pressed'),
    ).toBe('false');
    expect(shownReviewNames(second.dialog)).toHaveLength(5);
    expect(queryOf(listCalls(fetch).at(-1)!)).not.toHaveProperty('rating');
  });
});

describe('Write a review', () => {
  function signedIn(reviews: Review[], onPost: (body: unknown) => Response, user = buildUser()) {
    localStorage.setItem(AUTH_TOKEN_KEY, 'token');
    return stubApi({
      'GET /api/users/me': () => jsonResponse(200, UserAnswerSchema.parse({ success: true, user })),
      [LIST]: ({ url }) => reviewListResponse(reviews, url),
      'POST /api/reviews/products/p1': ({ body }) => onPost(body),
    });
  }

  it('shows the contract messages for a missing rating, missing text and short text', async () => {
    const user = userEvent.setup();
    const post = vi.fn(() => new Response('', { status: 500 }));
    signedIn([], post);
    renderReviews();
    const form = await screen.findByRole('form', { name: 'Write a review' });
    expect(within(form).getByRole('group', { name: 'Your rating' })).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await within(form).findByText(REVIEW_MESSAGES.ratingRequired)).toBeTruthy();
    expect(within(form).getByText(REVIEW_MESSAGES.contentRequired)).toBeTruthy();

    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    await user.type(within(form).getByLabelText('Your review'), 'Too short');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await within(form).findByText(REVIEW_MESSAGES.contentTooShort)).toBeTruthy();
    expect(within(form).queryByText(REVIEW_MESSAGES.ratingRequired)).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });

  it('asks a customer whose email is not verified to verify it instead of showing the form', async () => {
    const post = vi.fn(() => new Response('', { status: 500 }));
    signedIn([], post, buildUser({ isEmailVerified: false, emailVerified: false, status: 'unverified' }));
    renderReviews();
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailVerificationRequired, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Verify your email' }).getAttribute('href')).toBe('/verify-pending');
    expect(screen.queryByRole('form', { name: 'Write a review' })).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal as a toast, not a raw error', async () => {
    const user = userEvent.setup();
    const post = vi.fn(() => jsonResponse(429, errorBody('RATE_LIMITED', ACCOUNT_MESSAGES.tooManyRequests)));
    signedIn([], post);
    renderReviews();
    const form = await screen.findByRole('form', { name: 'Write a review' });
    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    await user.type(within(form).getByLabelText('Your review'), 'Lovely fabric and a great fit overall.');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.tooManyRequests)).toBeTruthy();
  });

  it('prefills the form from the customer’s own review and updates it', async () => {
    const user = userEvent.setup();
    const mine = buildReview(2, { isMine: true, rating: 2, content: 'The seams came apart after a week.' });
    const reviews = [buildReview(1), mine, buildReview(3)];
    const post = vi.fn((body: unknown) => {
      const { rating, content } = body as { rating: number; content: string };
      const updated = { ...mine, rating, content };
      reviews[1] = updated;
      return jsonResponse(200, {
        success: true,
        message: REVIEW_MESSAGES.reviewUpdated,
        review: updated,
        product: { rating: 3.3, reviewCount: 3 },
      });
    });
    const fetch = signedIn(reviews, post);
    renderReviews();

    const form = await screen.findByRole('form', { name: 'Update your review' });
    expect(within(form).getByRole('radio', { name: '2 stars' })).toHaveProperty('checked', true);
    const textarea = within(form).getByLabelText('Your review');
    expect((textarea as HTMLTextAreaElement).value).toBe('The seams came apart after a week.');

    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    await user.clear(textarea);
    await user.type(textarea, 'Replaced for free, now it is great.');
    const before = listCalls(fetch).length;
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith({ rating: 4, content: 'Replaced for free, now it is great.' }),
    );
    await waitFor(() => expect(listCalls(fetch).length).toBeGreaterThan(before));
    expect(await screen.findByText('Replaced for free, now it is great.', { selector: 'p' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Update your review' })).toBeTruthy();
  });
});
