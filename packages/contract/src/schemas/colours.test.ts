import { describe, expect, it } from 'vitest';
import { ADMIN_CATALOG_MESSAGES } from '../admin-catalog-messages.ts';
import { ADMIN_MESSAGES } from '../admin-messages.ts';
import { CART_MESSAGES } from '../cart-messages.ts';
import { MESSAGES } from '../messages.ts';
import {
  ColourCreateBodySchema,
  ColourOrderBodySchema,
  ColourUpdateBodySchema,
  ProductCreateBodySchema,
} from './admin/products.ts';
import { ShopSettingsBodySchema, StockAdjustmentBodySchema } from './admin/stock.ts';
import { AddToCartBodySchema, CartSyncBodySchema } from './cart.ts';
import { ColourStockSchema, ProductListQuerySchema } from './product.ts';

const ID = '6f1c2a9e-4b7d-4c1e-9a3f-2d5b8e7c1a00';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.error?.issues[0]?.message;
}

describe('colours on the cart bodies (decision 043)', () => {
  it('leaves the colour out when none is named, so the default colour is used', () => {
    expect(AddToCartBodySchema.parse({ productId: ID, size: 'M' })).not.toHaveProperty('colourId');
  });

  it('lower-cases a named colour and refuses a blank one', () => {
    expect(AddToCartBodySchema.parse({ productId: ID, size: 'M', colourId: ` ${ID.toUpperCase()} ` }).colourId).toBe(
      ID,
    );
    expect(firstMessage(AddToCartBodySchema.safeParse({ productId: ID, size: 'M', colourId: ' ' }))).toBe(
      CART_MESSAGES.colourNotFound,
    );
    expect(firstMessage(AddToCartBodySchema.safeParse({ productId: ID, size: 'M', colourId: 7 }))).toBe(
      CART_MESSAGES.colourNotFound,
    );
  });

  it('carries a colour on each synced line', () => {
    const body = CartSyncBodySchema.parse({ items: [{ productId: ID, size: 'M', quantity: 1, colourId: ID }] });
    expect(body.items[0]?.colourId).toBe(ID);
  });

  it('names the colour in the several-colour texts', () => {
    expect(CART_MESSAGES.soldOutIn('Sage', 'M')).toBe('Sage in size M is sold out.');
    expect(CART_MESSAGES.onlyLeftInWithCart(2, 'Sage', 'M', 1)).toBe(
      'Only 2 left in Sage, size M, and 1 is already in your cart.',
    );
  });
});

describe('the colour filter of listings', () => {
  it('reads families as a comma list, in any case', () => {
    expect(ProductListQuerySchema.parse({ colours: 'Green, blue' }).colours).toEqual(['green', 'blue']);
  });

  it('refuses a family outside the list with the list in the message', () => {
    expect(firstMessage(ProductListQuerySchema.safeParse({ colours: 'green,sage' }))).toBe(
      MESSAGES.colourFilterInvalid,
    );
  });
});

describe("a colour's stock on the product answer", () => {
  it('carries the SKU only when the variant has one', () => {
    expect(ColourStockSchema.parse({ size: 'M', quantity: 2 })).toEqual({ size: 'M', quantity: 2 });
    expect(ColourStockSchema.parse({ size: 'M', quantity: 2, sku: 'LS-SAGE-M' }).sku).toBe('LS-SAGE-M');
    expect(ColourStockSchema.safeParse({ size: 'M', quantity: -1 }).success).toBe(false);
  });
});

describe('colour bodies of the back office', () => {
  it('normalises the swatch and refuses anything but #rrggbb', () => {
    expect(ColourCreateBodySchema.parse({ name: 'Sage', swatch: '#A3B18A' })).toEqual({
      name: 'Sage',
      swatch: '#a3b18a',
      stock: {},
    });
    for (const swatch of ['a3b18a', '#abc', 'red', '#a3b18a;']) {
      expect(firstMessage(ColourCreateBodySchema.safeParse({ name: 'Sage', swatch }))).toBe(
        ADMIN_CATALOG_MESSAGES.swatchInvalid,
      );
    }
  });

  it('refuses an empty or too long name and an empty update', () => {
    expect(firstMessage(ColourCreateBodySchema.safeParse({ name: ' ', swatch: '#000000' }))).toBe(
      ADMIN_CATALOG_MESSAGES.colourNameRequired,
    );
    expect(firstMessage(ColourCreateBodySchema.safeParse({ name: 'x'.repeat(41), swatch: '#000000' }))).toBe(
      ADMIN_CATALOG_MESSAGES.colourNameRequired,
    );
    expect(firstMessage(ColourUpdateBodySchema.safeParse({}))).toBe(ADMIN_CATALOG_MESSAGES.colourUpdateEmpty);
    expect(ColourUpdateBodySchema.parse({ isHidden: true })).toEqual({ isHidden: true });
  });

  it('refuses an order that is not a list of ids', () => {
    expect(firstMessage(ColourOrderBodySchema.safeParse({ colourIds: [] }))).toBe(
      ADMIN_CATALOG_MESSAGES.colourOrderInvalid,
    );
    expect(firstMessage(ColourOrderBodySchema.safeParse({ colourIds: ['x'] }))).toBe(
      ADMIN_CATALOG_MESSAGES.colourOrderInvalid,
    );
  });

  it('creates a product with colours whose names differ and whose stock names its sizes', () => {
    const base = { name: 'Linen Shirt', category: 'men', brand: 'Saltmarsh', price: 59, sizes: ['S', 'M'] };
    expect(
      ProductCreateBodySchema.safeParse({
        ...base,
        colours: [
          { name: 'Sage', swatch: '#a3b18a', stock: { M: 2 } },
          { name: 'Oat', swatch: '#d8c6a4' },
        ],
      }).success,
    ).toBe(true);
    expect(
      firstMessage(
        ProductCreateBodySchema.safeParse({
          ...base,
          colours: [
            { name: 'Sage', swatch: '#a3b18a' },
            { name: 'sage', swatch: '#a3b18a' },
          ],
        }),
      ),
    ).toBe(ADMIN_CATALOG_MESSAGES.colourNameTaken);
    expect(
      firstMessage(
        ProductCreateBodySchema.safeParse({
          ...base,
          colours: [{ name: 'Sage', swatch: '#a3b18a', stock: { XL: 1 } }],
        }),
      ),
    ).toBe(ADMIN_CATALOG_MESSAGES.stockForUnknownSize);
  });
});

describe('stock and settings bodies', () => {
  it('takes an optional colour on a stock change', () => {
    const body = { productId: ID, size: 'M', delta: 1, reason: 'adjustment', note: 'Found one' };
    expect(StockAdjustmentBodySchema.parse({ ...body, colourId: ID }).colourId).toBe(ID);
    expect(firstMessage(StockAdjustmentBodySchema.safeParse({ ...body, colourId: 'sage' }))).toBe(
      ADMIN_MESSAGES.colourNotFound,
    );
  });

  it('normalises the import hosts and refuses anything else', () => {
    expect(
      ShopSettingsBodySchema.parse({
        lowStockThreshold: 5,
        importImageHosts: ['CDN.shopify.com', '*.example.com', 'http://127.0.0.1:4100', 'cdn.shopify.com'],
      }).importImageHosts,
    ).toEqual(['cdn.shopify.com', '*.example.com', 'http://127.0.0.1:4100']);
    expect(ShopSettingsBodySchema.parse({ lowStockThreshold: 5 })).not.toHaveProperty('importImageHosts');
    for (const host of ['https://cdn.shopify.com/path', 'ftp://x.com', 'a b', '*.', '']) {
      expect(firstMessage(ShopSettingsBodySchema.safeParse({ lowStockThreshold: 5, importImageHosts: [host] }))).toBe(
        ADMIN_MESSAGES.importHostsInvalid,
      );
    }
  });

  it("takes keep or remove for erased customers' reviews, and nothing else", () => {
    expect(ShopSettingsBodySchema.parse({ lowStockThreshold: 5, erasedReviews: 'remove' }).erasedReviews).toBe(
      'remove',
    );
    expect(ShopSettingsBodySchema.parse({ lowStockThreshold: 5 })).not.toHaveProperty('erasedReviews');
    for (const erasedReviews of ['delete', 'Keep', '', null, 1]) {
      expect(firstMessage(ShopSettingsBodySchema.safeParse({ lowStockThreshold: 5, erasedReviews }))).toBe(
        ADMIN_MESSAGES.erasedReviewsInvalid,
      );
    }
  });
});
