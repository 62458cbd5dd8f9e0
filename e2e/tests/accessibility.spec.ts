import { fileURLToPath } from 'node:url';
import { BACK_OFFICE_UI_MESSAGES as T, REVIEWS_PAGE_SIZE, SHOP_UI_MESSAGES, TEST_CARD } from '@shopper/contract';
import { expectAccessibleAtBothSizes, expectNoViolations, VIEWPORTS } from '../fixtures/accessibility.ts';
import { accountMenu, openSignedIn, signUpVerified } from '../fixtures/accounts.ts';
import { backOfficeNav, openBackOffice, staffApi } from '../fixtures/back-office.ts';
import { AdminCollectionAnswerSchema } from '@shopper/contract';
import { allProducts, findColourChoice, findDiscountedProduct } from '../fixtures/catalog.ts';
import { addToCart, checkOut, fillShipping, payWithCard, productsWithStock } from '../fixtures/shop.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * The accessibility gate: every storefront page as a guest and signed in, every back-office
 * screen, at desktop and phone sizes, with dialogs, menus and validation errors open, has no
 * violation of WCAG 2.1 A/AA or of axe's best-practice rules.
 */
test.describe.configure({ mode: 'parallel' });

const SHOPIFY_CSV = fileURLToPath(new URL('../fixtures/shopify-products.csv', import.meta.url));

test.describe('accessibility', () => {
  test.slow();

  test('the home, category and store pages, as a guest', async ({ page }) => {
    for (const url of ['/', '/men', '/women', '/kids', '/pages/terms', '/pages/size-guide']) {
      await page.goto(url);
      await expectAccessibleAtBothSizes(page, url);
    }
  });

  test('the shop, a search, a product and a missing page, as a guest', async ({ page, request }) => {
    const product = await findDiscountedProduct(request);
    for (const url of ['/shop', '/shop?q=shirt', `/products/${product.slug}`, '/no-such-page']) {
      await page.goto(url);
      await expectAccessibleAtBothSizes(page, url);
    }
  });

  test('the header search box with its suggestions open', async ({ page }) => {
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
      await page.setViewportSize(viewport);
      await page.goto('/women');
      if (viewport === VIEWPORTS.phone) await page.getByRole('button', { name: 'Toggle mobile menu' }).click();
      const box = page.getByRole('combobox', { name: 'Search products' });
      await box.pressSequentially('jens', { delay: 40 });
      await expect(page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option').first()).toBeVisible();
      await box.press('ArrowDown');
      await expectNoViolations(page, `the search suggestions at ${viewport.width}px`);
    }
  });

  test('a product in several colours, one chosen, and a listing filtered by colour', async ({ page, request }) => {
    const { product, to } = await findColourChoice(request);
    await page.goto(`/products/${product.slug}`);
    await expect(page.getByRole('radiogroup', { name: 'Colour' })).toBeVisible();
    await expectAccessibleAtBothSizes(page, `/products/${product.slug}`);
    await page.getByRole('radiogroup', { name: 'Colour' }).getByRole('radio', { name: to.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`\\?colour=${to.slug}$`));
    await expectAccessibleAtBothSizes(page, `/products/${product.slug}?colour=${to.slug}`);
    await page.goto(`/shop?colours=${to.family}`);
    await expect(page.getByRole('checkbox', { name: new RegExp(`^${to.family}$`, 'i') })).toBeChecked();
    await expectAccessibleAtBothSizes(page, `/shop?colours=${to.family}`);
  });

  test('the phone menu, the reviews and the All Reviews dialog', async ({ page, request }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/women');
    await page.getByRole('button', { name: 'Toggle mobile menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expectNoViolations(page, 'the phone menu');

    const product = (await allProducts(request)).toSorted((a, b) => b.reviewCount - a.reviewCount)[0];
    if (!product || product.reviewCount <= REVIEWS_PAGE_SIZE)
      throw new Error('No demo product has more than 5 reviews');
    await page.goto(`/products/${product.slug}`);
    await page.getByRole('tab', { name: `Reviews (${product.reviewCount})` }).click();
    await expect(page.getByRole('button', { name: 'See All Reviews' })).toBeVisible();
    await expectAccessibleAtBothSizes(page, 'the Reviews tab');
    await page.getByRole('button', { name: 'See All Reviews' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessibleAtBothSizes(page, 'the All Reviews dialog');
  });

  test('the sign-in pages, empty and with their validation errors', async ({ page }) => {
    await page.goto('/login');
    await expectAccessibleAtBothSizes(page, '/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectAccessibleAtBothSizes(page, '/login with its errors');

    for (const url of ['/signup', '/forgot-password']) {
      await page.goto(url);
      await expectAccessibleAtBothSizes(page, url);
      // Signup checks a field as the visitor leaves it; the recovery form when it is sent.
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByLabel('Email').blur();
      if (url === '/forgot-password') await page.getByRole('button', { name: 'Send Recovery Email' }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expectAccessibleAtBothSizes(page, `${url} with its errors`);
    }
    await page.goto('/reset-password/not-a-token');
    await expectAccessibleAtBothSizes(page, '/reset-password with a bad token');
    // The pages of a back-in-stock mail's links, with a link that does not work (the journey reads the good case).
    for (const url of ['/back-in-stock/confirm?token=not-a-token', '/back-in-stock/unsubscribe?token=not.a-token']) {
      await page.goto(url);
      await expect(page.getByRole('alert')).toBeVisible();
      await expectAccessibleAtBothSizes(page, url);
    }
  });

  test("a customer's order: its confirmation, the orders list, the order again and the saved items, signed in", async ({
    page,
    request,
  }) => {
    const account = await signUpVerified(page.request);
    const [product] = await productsWithStock(request, 1);
    await addToCart(request, account, product!);
    const order = await checkOut(page, account);
    await expectAccessibleAtBothSizes(page, 'the order confirmation');

    for (const url of ['/account/orders', `/order-confirmation/${order.id}`, '/account/saved']) {
      await openSignedIn(page, account, url);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectAccessibleAtBothSizes(page, `${url}, signed in`);
    }
  });

  test('checkout with a saved address and the shipping methods, and an order’s printable receipt', async ({
    page,
    request,
  }) => {
    const account = await signUpVerified(page.request);
    const response = await request.post('/api/addresses', {
      headers: { 'auth-token': account.accessToken },
      data: {
        label: 'Home',
        name: 'Grace Hopper',
        phone: '5551234567',
        street: '1 Main Street',
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        country: 'US',
      },
    });
    expect(response.ok()).toBe(true);
    const [product] = await productsWithStock(request, 1);
    await addToCart(request, account, product!);
    await openSignedIn(page, account, '/checkout');
    await expect(page.getByRole('radio', { name: /Express/ })).toBeVisible();
    await expectAccessibleAtBothSizes(page, 'checkout with a saved address and two methods');
    await page.getByLabel('Deliver to').selectOption({ label: 'A new address' });
    await expect(page.getByRole('checkbox', { name: 'Keep these details for my next order' })).toBeVisible();
    await expectNoViolations(page, 'checkout with a new address');

    await addToCart(request, account, product!);
    const order = await checkOut(page, account);
    await openSignedIn(page, account, `/order-confirmation/${order.id}/receipt`);
    await expect(page.getByRole('heading', { level: 1, name: /^Receipt for order/ })).toBeVisible();
    await expectAccessibleAtBothSizes(page, 'the receipt');
  });

  test('the payment choices with a saved card, the test wallet’s page, the return page and saved cards', async ({
    page,
    request,
  }) => {
    const account = await signUpVerified(page.request);
    const [product] = await productsWithStock(request, 1);
    await addToCart(request, account, product!);
    await openSignedIn(page, account, '/checkout');
    await fillShipping(page);
    await page.getByLabel('Save this card for next time').check();
    await payWithCard(page, TEST_CARD.success);
    await expect(page.getByRole('heading', { level: 1, name: SHOP_UI_MESSAGES.thankYou })).toBeVisible();

    await addToCart(request, account, product!);
    await openSignedIn(page, account, '/checkout');
    await expect(page.getByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();
    await expectAccessibleAtBothSizes(page, 'checkout with a saved card');
    await fillShipping(page);
    await page.getByRole('radio', { name: /Test wallet/ }).check();
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page.getByRole('button', { name: 'Approve payment' })).toBeVisible();
    await expectAccessibleAtBothSizes(page, 'the test wallet’s page');
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByRole('link', { name: 'Back to checkout' })).toBeVisible();
    await expectAccessibleAtBothSizes(page, 'the return page after a declined payment');

    await openSignedIn(page, account, '/profile');
    await expect(page.getByRole('region', { name: 'Saved cards' }).getByText(/Visa •••• 4242/)).toBeVisible();
    await expectAccessibleAtBothSizes(page, 'the profile with a saved card');
  });

  test("a customer's home, product and cart pages, signed in", async ({ page, request }) => {
    const account = await signUpVerified(page.request);
    const [product] = await productsWithStock(request, 1);
    await addToCart(request, account, product!);
    for (const url of ['/', `/products/${product!.slug}`, '/cart']) {
      await openSignedIn(page, account, url);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectAccessibleAtBothSizes(page, `${url}, signed in`);
    }
  });

  test("a customer's menu, checkout and profile, with their errors and dialog", async ({ page, request }) => {
    const account = await signUpVerified(page.request);
    const [product] = await productsWithStock(request, 1);
    await addToCart(request, account, product!);
    await openSignedIn(page, account, '/');
    await accountMenu(page).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoViolations(page, 'the account menu');

    await openSignedIn(page, account, '/checkout');
    await page.getByLabel('Full name').fill('');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectAccessibleAtBothSizes(page, 'the checkout with its errors');

    await openSignedIn(page, account, '/profile');
    await expectAccessibleAtBothSizes(page, '/profile');
    const basic = page.getByRole('region', { name: 'Basic Information' });
    await basic.getByRole('button', { name: 'Edit basic information' }).click();
    await basic.getByLabel('Name').fill('');
    await expect(basic.getByText('Name is required')).toBeVisible();
    await expectAccessibleAtBothSizes(page, 'the profile with a validation error');
    const book = page.getByRole('region', { name: 'Address Book' });
    await book.getByRole('button', { name: 'Add address' }).click();
    await book.getByRole('button', { name: 'Save address' }).click();
    await expect(book.getByRole('alert')).toBeVisible();
    await expectAccessibleAtBothSizes(page, 'the address book’s form with its error');
    await page
      .getByRole('region', { name: 'Account Management' })
      .getByRole('button', { name: 'Disable Account' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Disable Your Account' })).toBeVisible();
    await expectAccessibleAtBothSizes(page, 'the Disable Your Account dialog');
    await page.keyboard.press('Escape');
    await page
      .getByRole('region', { name: 'Your Data' })
      .getByRole('button', { name: 'Delete my account', exact: true })
      .click();
    await expect(page.getByRole('dialog', { name: 'Delete your account' })).toBeVisible();
    await expectAccessibleAtBothSizes(page, 'the Delete your account dialog');
  });

  // Eighteen screens at two sizes do not fit one test's time on a slow machine: three parts, each
  // taking its share of the menu as the owner sees it (so a new screen is checked without a list here).
  const SCREEN_PARTS = 3;
  for (let part = 0; part < SCREEN_PARTS; part += 1) {
    test(`every back-office screen, part ${part + 1} of ${SCREEN_PARTS}`, async ({ page }) => {
      if (part === 0) {
        await page.goto('/dashboard/');
        await expectAccessibleAtBothSizes(page, 'the back-office sign-in');
      }
      await openBackOffice(page, 'owner');
      const links = backOfficeNav(page).getByRole('link');
      const screens = (
        await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''))
      ).filter(Boolean);
      expect(screens.length).toBeGreaterThan(10);
      const share = Math.ceil(screens.length / SCREEN_PARTS);
      for (const href of screens.slice(part * share, (part + 1) * share)) {
        await page.goto(href);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0);
        await expectAccessibleAtBothSizes(page, href);
      }

      if (part === SCREEN_PARTS - 1) {
        await page.setViewportSize(VIEWPORTS.phone);
        await page.getByRole('button', { name: 'Menu' }).click();
        await expect(backOfficeNav(page)).toBeVisible();
        await expectNoViolations(page, 'the back-office phone menu');
      }
    });
  }

  test('a back-office record of each kind, and the editor and stock grid of a product in colours', async ({
    page,
    request,
  }) => {
    await openBackOffice(page, 'owner');
    for (const list of ['/dashboard/orders', '/dashboard/customers', '/dashboard/products']) {
      await page.goto(list);
      await page.getByRole('main').getByRole('table').getByRole('link').first().click();
      // The list's own heading is visible until the record has loaded: wait for the record's page.
      await expect(page).toHaveURL(new RegExp(`${list}/[^/?]+$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessibleAtBothSizes(page, `a record from ${list}`);
    }

    // A product in several colours: the editor's colours and the stock grid of colours × sizes.
    const { product } = await findColourChoice(request);
    await page.goto(`/dashboard/products/${product.id}`);
    await expect(page.getByRole('list', { name: 'Colours' }).getByRole('listitem')).toHaveCount(product.colours.length);
    await expectAccessibleAtBothSizes(page, 'the editor of a product in several colours');
    await page.goto(`/dashboard/stock?product=${product.id}`);
    await expect(page.getByRole('region', { name: 'Stock by colour and size' })).toBeVisible();
    await expectAccessibleAtBothSizes(page, 'the stock grid of a product in several colours');
  });

  test('back-office forms with their errors, the import report and a dialog', async ({ page }) => {
    await openBackOffice(page, 'owner');
    await page.goto('/dashboard/products/new');
    await page.getByRole('button', { name: /^(Create|Save)/ }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectAccessibleAtBothSizes(page, 'a new product with its errors');

    // The catalog import: the form with its error, then a file's dry run and its report (nothing is written).
    await page.goto('/dashboard/catalog-import');
    await page.getByRole('button', { name: T.importCheck }).click();
    await expect(page.getByText(T.importFileMissing)).toBeVisible();
    await expectAccessibleAtBothSizes(page, 'the import form with its error');
    await page.getByLabel(T.importFileLabel).setInputFiles(SHOPIFY_CSV);
    await page.getByRole('button', { name: T.importCheck }).click();
    await expect(page.getByRole('table', { name: 'Import report' }).getByRole('row').nth(1)).toBeVisible();
    await expectAccessibleAtBothSizes(page, "the import's dry run and its report");

    await page.goto('/dashboard/coupons');
    await page.getByRole('button', { name: 'New promo code' }).click();
    await expect(page.getByRole('dialog', { name: 'New promo code' })).toBeVisible();
    await expectAccessibleAtBothSizes(page, 'the New promo code dialog');
  });

  test('a collection page, and the collection editor and home sections with their errors', async ({
    page,
    request,
  }) => {
    const tag = Date.now().toString(36);
    const call = await staffApi(request);
    const created = await call(
      '/collections',
      {
        name: `Linen ${tag}`,
        slug: `linen-${tag}`,
        description: 'Light pieces.',
        kind: 'rule',
        rule: { maxPrice: 80 },
      },
      AdminCollectionAnswerSchema,
    );
    await page.goto(`/collections/linen-${tag}`);
    await expect(page.getByRole('heading', { level: 1, name: `Linen ${tag}` })).toBeVisible();
    await expectAccessibleAtBothSizes(page, 'a collection page');

    await openBackOffice(page, 'owner', `/dashboard/collections/${created.collection.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Linen ${tag}` })).toBeVisible();
    await expectAccessibleAtBothSizes(page, 'the editor of a rule collection');
    await page.goto('/dashboard/collections/new');
    await page.getByRole('radio', { name: 'Chosen by hand' }).check();
    await page.getByLabel('Find products to add').fill('shirt');
    await page.getByRole('list', { name: 'Products found' }).getByRole('button').first().click();
    await page.getByRole('button', { name: 'Save collection' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectAccessibleAtBothSizes(page, 'a new hand-picked collection with its errors');
    await page.goto('/dashboard/collections/home');
    await expect(page.getByLabel('Hero')).toBeVisible();
    await expectAccessibleAtBothSizes(page, 'the home page sections');
  });
});
