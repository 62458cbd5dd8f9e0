import { STORE_PAGE_MESSAGES, STORE_PAGE_TITLES } from '@shopper/contract';
import { DEMO_BACK_OFFICE, openBackOffice, openScreen, screenshotBothSizes } from '../fixtures/back-office.ts';
import { expect, test } from '../fixtures/test.ts';

test.describe('store pages', () => {
  test('the owner edits Terms and the signup link shows it', async ({ page, shopperPage: shop }) => {
    test.slow();
    const promise = `Every order placed before ${Date.now().toString(36)} ships free.`;

    await test.step('a fresh shop shows starter text, linked from the footer', async () => {
      await shop.goto('/');
      await shop
        .getByRole('navigation', { name: 'Footer: About' })
        .getByRole('link', { name: STORE_PAGE_TITLES.terms })
        .click();
      await expect(shop).toHaveURL(/\/pages\/terms$/);
      await expect(shop.getByRole('heading', { level: 1, name: STORE_PAGE_TITLES.terms })).toBeVisible();
      await expect(shop.getByText('Starter text.')).toBeVisible();
    });

    await test.step('the owner rewrites Terms in the back office, with a script that does not survive', async () => {
      await openBackOffice(page, 'owner');
      await openScreen(page, 'Pages');
      await expect(page.getByText(STORE_PAGE_MESSAGES.starterNotice)).toBeVisible();
      await page.getByLabel('Text').fill(`## Our promise\n\n${promise}\n\n<script>document.title = 'hacked'</script>`);
      await page.getByRole('button', { name: 'Save page' }).click();
      await expect(page.getByText(STORE_PAGE_MESSAGES.saved)).toBeVisible();
      await expect(page.getByText(STORE_PAGE_MESSAGES.starterNotice)).toBeHidden();
      await expect(page.getByRole('region', { name: 'History' }).getByText(DEMO_BACK_OFFICE.owner.email)).toBeVisible();
      await screenshotBothSizes(page, 'back-office-pages');
    });

    await test.step("signup's terms link opens the new text", async () => {
      await shop.goto('/signup');
      const opened = shop.context().waitForEvent('page');
      await shop.getByRole('link', { name: 'terms and conditions', exact: true }).click();
      const terms = await opened;
      await terms.waitForLoadState();
      await expect(terms).toHaveURL(/\/pages\/terms$/);
      await expect(terms.getByRole('heading', { level: 2, name: 'Our promise' })).toBeVisible();
      await expect(terms.getByText(promise)).toBeVisible();
      await expect(terms).not.toHaveTitle(/hacked/);
      // The signup form is still there, untouched, in its own tab.
      await expect(shop.getByRole('checkbox', { name: /terms and conditions/ })).not.toBeChecked();
      for (const [label, size] of [
        ['desktop', { width: 1280, height: 800 }],
        ['phone', { width: 390, height: 844 }],
      ] as const) {
        await terms.setViewportSize(size);
        await terms.screenshot({ path: `test-results/screens/store-page-terms-${label}.png`, fullPage: true });
      }
    });
  });
});
