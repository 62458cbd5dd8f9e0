import { expectNoViolations, VIEWPORTS } from '../fixtures/accessibility.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * A shopper types a misspelt word in the header's search box, picks a suggestion with the
 * keyboard, and lands on it; a search link from a newsletter with tracking parameters still works.
 */
test.describe('search suggestions', () => {
  test('suggests products for "jens", opens one with the keyboard', async ({ page }, testInfo) => {
    await page.goto('/');
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
    await box.click();
    await box.pressSequentially('jens', { delay: 40 });
    const list = page.getByRole('listbox', { name: 'Search suggestions' });
    await expect(list).toBeVisible();
    const options = list.getByRole('option');
    await expect(options.first()).toContainText(/jeans/i);
    await expectNoViolations(page, 'the search suggestions');
    await page.screenshot({ path: testInfo.outputPath('suggestions-desktop.png') });

    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id')) ?? '');
    const name = (await options.first().locator('span').first().textContent()) ?? '';
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\/[^/?]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });

  test('Escape closes the list and Enter searches the shop, typo corrected', async ({ page }) => {
    await page.goto('/shop');
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
    await box.click();
    await box.pressSequentially('sweter', { delay: 40 });
    await expect(page.getByRole('listbox', { name: 'Search suggestions' })).toBeVisible();
    await box.press('Escape');
    await expect(page.getByRole('listbox', { name: 'Search suggestions' })).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/shop\?q=sweter$/);
    await expect(
      page
        .getByRole('main')
        .getByRole('link', { name: /sweater/i })
        .first(),
    ).toBeVisible();
  });

  test('on a phone, and with tracking parameters on the page address', async ({ page }, testInfo) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/shop?q=jens&utm_source=newsletter');
    await expect(page.getByRole('main').getByRole('link', { name: /jeans/i }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Toggle mobile menu' }).click();
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill('');
    await box.pressSequentially('jeans', { delay: 40 });
    await expect(page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option').first()).toBeVisible();
    await expectNoViolations(page, 'the search suggestions on a phone');
    await page.screenshot({ path: testInfo.outputPath('suggestions-phone.png') });
  });
});
