import { expect, test } from '../fixtures/test.ts';
import { ReviewListAnswerSchema } from '@shopper/contract';
import { signUpVerified } from '../fixtures/accounts.ts';
import { openBackOffice, openScreen, screenshotBothSizes } from '../fixtures/back-office.ts';
import { productsWithStock } from '../fixtures/shop.ts';

test.describe('back office: reviews', () => {
  test('staff hide a review with a reason; it leaves the product page and its count at once', async ({
    page,
    request,
  }) => {
    // A review of its own, so no other journey's counts move.
    const [, , product] = await productsWithStock(request, 3);
    const author = await signUpVerified(request, { name: 'Rude Rita' });
    const content = `Terrible seams, never again ${Date.now().toString(36)}`;
    const posted = await request.post(`/api/reviews/products/${product!.id}`, {
      headers: { 'auth-token': author.accessToken },
      data: { rating: 1, content },
    });
    expect(posted.ok(), await posted.text()).toBe(true);
    const count = async () =>
      ReviewListAnswerSchema.parse(await (await request.get(`/api/reviews/products/${product!.id}`)).json()).pagination
        .totalReviews;
    const before = await count();

    await test.step('a shopper reads the review on the product page', async () => {
      await page.goto(`/products/${product!.slug}`);
      await page.getByRole('tab', { name: `Reviews (${before})` }).click();
      await expect(page.getByText(content)).toBeVisible();
    });

    await test.step('staff find it and hide it, giving the reason asked for', async () => {
      await openBackOffice(page, 'staff');
      await openScreen(page, 'Reviews');
      await page.getByRole('searchbox', { name: 'Search reviews' }).fill(content);
      await page.getByRole('button', { name: 'Search' }).click();
      const row = page.getByRole('row').filter({ hasText: content });
      await row.getByRole('button', { name: 'Hide' }).click();
      const dialog = page.getByRole('dialog', { name: "Hide Rude Rita's review?" });
      await dialog.getByRole('button', { name: 'Hide review' }).click();
      await expect(dialog.getByText('Give a reason for hiding this review (3 to 300 characters)')).toBeVisible();
      await dialog.getByLabel('Reason').fill('Abusive language');
      await dialog.getByRole('button', { name: 'Hide review' }).click();
      await expect(dialog).toBeHidden();
      await expect(row.getByText('Hidden')).toBeVisible();
      await expect(row.getByText('Abusive language')).toBeVisible();
      await screenshotBothSizes(page, 'back-office-reviews');
    });

    await test.step('the review is gone from the product page, and from its count', async () => {
      await page.goto(`/products/${product!.slug}`);
      await page.getByRole('tab', { name: `Reviews (${before - 1})` }).click();
      await expect(page.getByText(content)).toHaveCount(0);
      expect(await count()).toBe(before - 1);
    });
  });
});
