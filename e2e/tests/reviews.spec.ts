import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import {
  REVIEW_MESSAGES,
  REVIEWS_PAGE_SIZE,
  ReviewListAnswerSchema,
  hasDiscount,
  type Product,
} from '@shopper/contract';
import { openSignedIn, signUpVerified } from '../fixtures/accounts.ts';
import { allProducts, getProduct } from '../fixtures/catalog.ts';

/** The first page of a product's reviews, as the tab asks for it (docs/product.md#reviews). */
async function reviewPreview(request: APIRequestContext, productId: string) {
  const response = await request.get(`/api/reviews/products/${encodeURIComponent(productId)}`, {
    params: { page: 1, limit: REVIEWS_PAGE_SIZE, sort: 'date-desc' },
  });
  expect(response.ok()).toBe(true);
  return ReviewListAnswerSchema.parse(await response.json());
}

/** The product with the most reviews: more than one page of them. */
async function mostReviewedProduct(request: APIRequestContext): Promise<Product> {
  const products = (await allProducts(request)).filter((p) => p.slug !== '');
  const product = products.toSorted((a, b) => b.reviewCount - a.reviewCount)[0];
  if (!product || product.reviewCount <= REVIEWS_PAGE_SIZE) throw new Error('No demo product has more than 5 reviews');
  return product;
}

test.describe('product reviews', () => {
  test('previews the latest reviews, then filters and scrolls through all of them', async ({ page, request }) => {
    const product = await mostReviewedProduct(request);
    const answer = await reviewPreview(request, product.id);
    // The star with the most reviews, so the filtered list needs scrolling too.
    const [star, count] = ([5, 4, 3, 2, 1] as const)
      .map((s) => [s, answer.ratings.distribution[s]] as const)
      .toSorted((a, b) => b[1] - a[1])[0]!;
    const starName = `${star} ${star === 1 ? 'star' : 'stars'} (${count})`;
    const dialog = page.getByRole('dialog', { name: 'All Reviews' });

    await test.step('the visitor opens the reviews tab: the latest reviews, newest first, and the total', async () => {
      await page.goto(`/products/${product.slug}`);
      await page.getByRole('tab', { name: `Reviews (${product.reviewCount})` }).click();
      const preview = page.getByRole('list', { name: 'Latest reviews' });
      await expect(preview.getByRole('article')).toHaveCount(REVIEWS_PAGE_SIZE);
      await expect
        .poll(() =>
          preview.getByRole('article').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label'))),
        )
        .toEqual(answer.reviews.map((review) => `Review by ${review.user.name}`));
      await expect(page.getByText(`Based on ${answer.ratings.total} reviews`)).toBeVisible();
    });

    await test.step('opens all reviews: the first page of them', async () => {
      await page.getByRole('button', { name: 'See All Reviews' }).click();
      await expect(dialog.getByRole('list', { name: 'All reviews' }).getByRole('article')).toHaveCount(
        REVIEWS_PAGE_SIZE,
      );
    });

    await test.step(`keeps only ${starName}: the count says how many`, async () => {
      const filter = dialog.getByRole('button', { name: starName });
      await filter.click();
      await expect(filter).toHaveAttribute('aria-pressed', 'true');
      await expect(dialog.getByRole('status').filter({ hasText: /^Showing/ })).toHaveText(
        new RegExp(`of ${count} reviews?$`),
      );
    });

    await test.step('scrolls to the end: every review with that rating, and no other', async () => {
      const region = dialog.getByRole('region', { name: 'Review list' });
      const end = dialog.getByText(REVIEW_MESSAGES.seenAll);
      await expect(async () => {
        await region.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
        await expect(end).toBeVisible({ timeout: 500 });
      }).toPass({ timeout: 15_000 });
      const shown = dialog.getByRole('list', { name: 'All reviews' }).getByRole('article');
      await expect(shown).toHaveCount(count);
      await expect(shown.getByRole('img', { name: `Rated ${star} out of 5` })).toHaveCount(count);
    });

    await test.step('closes and opens all reviews again: the filter is off', async () => {
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      await page.getByRole('button', { name: 'See All Reviews' }).click();
      await expect(page.getByRole('dialog').getByRole('button', { name: starName })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    });
  });

  test('a customer writes a review: the count goes up and it comes first', async ({ page, request }) => {
    // Not the discounted product other journeys read, so their review counts stay put.
    const browsed = await mostReviewedProduct(request);
    const product = (await allProducts(request)).find(
      (p) => p.slug !== '' && p.id !== browsed.id && !hasDiscount(p.old_price, p.new_price),
    );
    if (!product) throw new Error('The demo catalog has no product without a discount');
    const before = (await getProduct(request, product.id)).reviewCount;
    const account = await signUpVerified(page.request, { name: 'Review Writer' });
    const text = `Fits true to size and washes well (${Date.now()}).`;

    const form = page.getByRole('form', { name: 'Write a review' });

    await test.step('the customer opens the reviews tab and submits without a rating: asked for one', async () => {
      await openSignedIn(page, account, `/products/${product.slug}`);
      await page.getByRole('tab', { name: `Reviews (${before})` }).click();
      await form.getByRole('button', { name: 'Submit' }).click();
      await expect(form.getByText(REVIEW_MESSAGES.ratingRequired)).toBeVisible();
    });

    await test.step('picks 4 stars with the keyboard, writes the review and submits it', async () => {
      // The star picker is a radio group: the keyboard moves the choice.
      await form.getByRole('radio', { name: '1 star' }).focus();
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
      await form.getByLabel('Your review').fill(text);
      await form.getByRole('button', { name: 'Submit' }).click();
    });

    await test.step('the review comes first and the count goes up; the form now updates it', async () => {
      await expect(page.getByText(REVIEW_MESSAGES.reviewSaved)).toBeVisible();
      await expect(page.getByRole('tab', { name: `Reviews (${before + 1})` })).toBeVisible();
      const first = page.getByRole('list', { name: 'Latest reviews' }).getByRole('article').first();
      await expect(first).toHaveAttribute('aria-label', 'Review by Review Writer');
      await expect(first).toContainText(text);
      await expect(first.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
      await expect(page.getByRole('form', { name: 'Update your review' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Your review' })).toHaveValue(text);
    });
  });
});
