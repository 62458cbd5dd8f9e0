import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import type { Category, ColourFamily, Product } from '@shopper/contract';
import { allProducts, categoryLabel } from '../fixtures/catalog.ts';
import { productCards } from '../fixtures/listing.ts';

function familyLabel(family: ColourFamily): string {
  return family.charAt(0).toUpperCase() + family.slice(1);
}

function colourBox(page: Page, family: ColourFamily) {
  return page
    .getByRole('complementary', { name: 'Product filters' })
    .getByRole('group', { name: 'Colour' })
    .getByRole('checkbox', { name: familyLabel(family), exact: true });
}

/** The products a filter by `families` should list, worked out from the whole catalog rather than asked of the filter. */
function inFamilies(products: Product[], families: ColourFamily[]): Product[] {
  return products.filter((product) => product.colours.some((colour) => families.includes(colour.family)));
}

/** The catalog a listing shows: every product, or a category's. */
type CatalogRead = () => Promise<Product[]>;

/** The total the listing announces: "Showing 1–12 of 17 products". */
async function shownTotal(page: Page): Promise<number | undefined> {
  const text = await page
    .getByText(/^Showing \d+–\d+ of \d+ products?$/)
    .textContent({ timeout: 1_000 })
    .catch(() => null);
  const total = text ? /of (\d+)/.exec(text)?.[1] : undefined;
  return total === undefined ? undefined : Number(total);
}

/**
 * The listing announces as many products as the catalog has in `families`. Other journeys may add or
 * archive products meanwhile (the import, the product editor), so the total may lie between the count
 * read before the page was asked and the count read now; on a quiet shop the two are the same number.
 */
async function expectTotal(page: Page, read: CatalogRead, families: ColourFamily[] | null, before: number) {
  const count = (products: Product[]) => (families ? inFamilies(products, families) : products).length;
  await expect
    .poll(async () => {
      const total = await shownTotal(page);
      const now = count(await read());
      const [low, high] = [Math.min(before, now), Math.max(before, now)];
      return total !== undefined && total >= low && total <= high ? 'as the catalog' : `${total} of ${low}–${high}`;
    })
    .toBe('as the catalog');
}

/**
 * Every card shown is a product with a colour of `families`, pictured in its first such colour and
 * linking to it; a card of a product in several colours has that colour among its swatches.
 */
async function expectCardsIn(page: Page, read: CatalogRead, families: ColourFamily[]): Promise<void> {
  const catalog = await read();
  const cards = productCards(page);
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const card = cards.nth(index);
    const name = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
    const product = catalog.find((candidate) => candidate.name === name);
    expect(product, `the card "${name}" is a product of the catalog`).toBeDefined();
    const colour = product!.colours.find((candidate) => families.includes(candidate.family));
    expect(colour, `${name} comes in ${families.join(' or ')}`).toBeDefined();
    const colourPath = `/products/${product!.slug}?colour=${colour!.slug}`;
    await expect(card.getByRole('heading', { level: 3 }).getByRole('link')).toHaveAttribute('href', colourPath);
    await expect(card.getByRole('img', { name: product!.name, exact: true })).toHaveAttribute('src', colour!.mainImage);
    if (product!.colours.length > 1) {
      await expect(
        card.getByRole('list', { name: `Colours of ${product!.name}` }).getByRole('link', { name: colour!.name }),
      ).toHaveAttribute('href', colourPath);
    }
  }
}

/** Two families with products of their own in `products`, the first one listed by fewer. */
function twoFamilies(products: Product[]): [ColourFamily, ColourFamily] {
  const counts = new Map<ColourFamily, number>();
  for (const product of products) {
    for (const family of new Set(product.colours.map((colour) => colour.family))) {
      counts.set(family, (counts.get(family) ?? 0) + 1);
    }
  }
  // Families shared by a few products, so the filter visibly narrows the listing.
  const ranked = [...counts.entries()].filter(([, count]) => count >= 2).sort((a, b) => a[1] - b[1]);
  const [first, second] = ranked.map(([family]) => family);
  if (!first || !second) throw new Error('The demo catalog has too few colour families for the filter journeys');
  return [first, second];
}

async function filterJourney(page: Page, path: string, read: CatalogRead): Promise<void> {
  const catalog = await read();
  const [family, other] = twoFamilies(catalog);
  const inOne = inFamilies(catalog, [family]).length;

  await test.step(`the visitor ticks ${familyLabel(family)}: the URL keeps it, every card is a ${family} colour`, async () => {
    await page.goto(path);
    await expect(colourBox(page, family)).not.toBeChecked();
    await colourBox(page, family).click();
    await expect(colourBox(page, family)).toBeChecked();
    await expect(page).toHaveURL(new RegExp(`[?&]colours=${family}(&|$)`));
    await expectTotal(page, read, [family], inOne);
    await expectCardsIn(page, read, [family]);
  });

  await test.step(`ticks ${familyLabel(other)} too: either colour, both in the URL`, async () => {
    await colourBox(page, other).click();
    await expect(colourBox(page, other)).toBeChecked();
    await expect(page).toHaveURL(/[?&]colours=[a-z]+(%2C|,)[a-z]+(&|$)/);
    await expectTotal(page, read, [family, other], inFamilies(catalog, [family, other]).length);
    await expectCardsIn(page, read, [family, other]);
  });

  await test.step(`goes Back: only ${familyLabel(family)} again`, async () => {
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`[?&]colours=${family}(&|$)`));
    await expect(colourBox(page, family)).toBeChecked();
    await expect(colourBox(page, other)).not.toBeChecked();
    await expectTotal(page, read, [family], inOne);
    await expectCardsIn(page, read, [family]);
  });

  await test.step('reloads: the filter is read back from the URL', async () => {
    await page.reload();
    await expect(colourBox(page, family)).toBeChecked();
    await expectTotal(page, read, [family], inOne);
  });

  await test.step('clears the filters: every product again, cards link to the product itself', async () => {
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page).toHaveURL(path);
    await expect(colourBox(page, family)).not.toBeChecked();
    await expectTotal(page, read, null, catalog.length);
    const first = productCards(page).first().getByRole('heading', { level: 3 }).getByRole('link');
    await expect(first).toHaveAttribute('href', /^\/products\/[^?]+$/);
  });
}

test.describe('the colour filter', () => {
  test('on /shop, a colour family narrows the products, stays in the URL, goes with Back and Clear filters', async ({
    page,
    request,
  }) => {
    await filterJourney(page, '/shop', () => allProducts(request));
  });

  test('on a category page, the filter keeps to the category', async ({ page, request }) => {
    const category: Category = 'women';
    const read = async () => (await allProducts(request)).filter((product) => product.category === category);
    const familiesOf = (products: Product[]) =>
      new Set(products.flatMap((product) => product.colours.map((colour) => colour.family)));

    await test.step(`the ${categoryLabel(category)} collection offers the families its products come in`, async () => {
      const before = familiesOf(await read());
      await page.goto(`/${category}`);
      const boxes = page
        .getByRole('complementary', { name: 'Product filters' })
        .getByRole('group', { name: 'Colour' })
        .getByRole('checkbox');
      await expect(boxes.first()).toBeVisible();
      const offered = await boxes.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
      const after = familiesOf(await read());
      for (const family of before) expect(offered, `${family} is offered`).toContain(family);
      for (const family of offered) expect([...after], `${family} is a colour of the collection`).toContain(family);
    });

    await filterJourney(page, `/${category}`, read);
  });
});
