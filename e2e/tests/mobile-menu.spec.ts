import { expect, test } from '../fixtures/test.ts';

test.use({
  viewport: { width: 375, height: 740 },
  isMobile: true,
  hasTouch: true,
});

test.describe('mobile menu', () => {
  test('the navigation stays hidden until the menu toggle is clicked, and its links navigate', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    const toggle = page.getByRole('button', { name: 'Toggle mobile menu' });

    await test.step('the visitor opens the home page on a phone: the menu is closed', async () => {
      await page.goto('/');
      await expect(toggle).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(nav.getByRole('link', { name: 'Women' })).toBeHidden();
    });

    await test.step('taps the menu toggle: the links and the search box show', async () => {
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(nav.getByRole('link', { name: 'Women' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Search products' })).toBeVisible();
    });

    await test.step("taps Women: the women's collection opens and the menu closes behind it", async () => {
      await nav.getByRole('link', { name: 'Women' }).click();
      await expect(page).toHaveURL('/women');
      await expect(page.getByRole('heading', { level: 1, name: 'Women Collection' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Women' })).toBeHidden();
    });
  });

  test('the Enter key opens and closes the menu too', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const toggle = page.getByRole('button', { name: 'Toggle mobile menu' });

    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(nav.getByRole('link', { name: 'Shop' })).toBeVisible();

    await page.keyboard.press('Enter');
    await expect(nav.getByRole('link', { name: 'Shop' })).toBeHidden();
  });

  test('the header search works from the mobile menu', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Toggle mobile menu' }).click();
    const search = page.getByRole('combobox', { name: 'Search products' });
    await search.fill('shirt');
    await search.press('Enter');
    await expect(page).toHaveURL('/shop?q=shirt');
    await expect(page.getByRole('heading', { level: 1, name: 'Special Offers & Deals' })).toBeVisible();
  });
});
