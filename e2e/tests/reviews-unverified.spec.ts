import { expect, test } from '../fixtures/test.ts';
import { ACCOUNT_MESSAGES, ACCOUNT_UI_MESSAGES } from '@shopper/contract';
import { openSignedIn, signUp, verifyEmail } from '../fixtures/accounts.ts';
import { allProducts } from '../fixtures/catalog.ts';

// Decision 013: only customers with a verified email write reviews; the page says so instead
// of offering a form the server would refuse.
test('a customer whose email is not verified is asked to verify it before writing a review', async ({
  page,
  request,
}) => {
  const product = (await allProducts(request)).find((p) => p.slug !== '');
  if (!product) throw new Error('The demo catalog has no product with a slug');
  const account = await signUp(page.request, { name: 'Eager Reviewer' });

  await test.step('the customer opens the reviews tab: asked to verify the email, with no form', async () => {
    await openSignedIn(page, account, `/products/${product.slug}`);
    await page.getByRole('tab', { name: /^Reviews/ }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.emailVerificationRequired)).toBeVisible();
    await expect(page.getByRole('form', { name: 'Write a review' })).toHaveCount(0);
  });

  await test.step('follows Verify your email: the page waiting for it names the address', async () => {
    await page.getByRole('link', { name: 'Verify your email' }).click();
    await expect(page).toHaveURL(/\/verify-pending$/);
    await expect(page.getByRole('heading', { name: ACCOUNT_UI_MESSAGES.almostThere })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
  });

  await test.step('once verified, goes back to the product and gets the form', async () => {
    await verifyEmail(request, account.email);
    await page.getByRole('button', { name: "I've verified — continue" }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${product.slug}$`));
    await page.getByRole('tab', { name: /^Reviews/ }).click();
    await expect(page.getByRole('form', { name: 'Write a review' })).toBeVisible();
  });
});
