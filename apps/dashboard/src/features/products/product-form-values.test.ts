import { describe, expect, it } from 'vitest';
import { ADMIN_CATALOG_MESSAGES as M } from '@shopper/contract';
import { EMPTY_PRODUCT, productResolver, toBody, type ProductFormValues } from './product-form-values.ts';

const filled: ProductFormValues = {
  ...EMPTY_PRODUCT,
  name: 'Harbour Jacket',
  brand: 'North Quay',
  price: '129',
  salePrice: '',
  tags: ' rain,  outdoor ,',
  sizes: [
    { key: 'a', size: ' S ', stock: '3' },
    { key: 'b', size: 'M', stock: '' },
  ],
};

const resolve = (values: ProductFormValues, isNew = true) =>
  productResolver(isNew)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('the product form', () => {
  it('builds the create body: dollars as numbers, lists split, no sale, opening stock per size', () => {
    expect(toBody(filled, true)).toEqual({
      name: 'Harbour Jacket',
      slug: undefined,
      category: 'women',
      brand: 'North Quay',
      shortDescription: '',
      longDescription: '',
      tags: ['rain', 'outdoor'],
      types: [],
      price: 129,
      salePrice: null,
      sizes: ['S', 'M'],
      stock: { S: 3, M: 0 },
    });
  });

  it('sends no opening stock when editing', () => {
    expect(toBody(filled, false)).not.toHaveProperty('stock');
  });

  it('gives each colour its opening stock by size, and no product-wide stock', () => {
    const body = toBody(
      {
        ...filled,
        colours: [
          { name: 'Sage', swatch: '#87A96B', stock: { a: '2', b: '' } },
          { name: 'Navy', swatch: '#1f2a44', stock: { b: '5' } },
        ],
      },
      true,
    );
    expect(body.colours).toEqual([
      { name: 'Sage', swatch: '#87A96B', stock: { S: 2, M: 0 } },
      { name: 'Navy', swatch: '#1f2a44', stock: { S: 0, M: 5 } },
    ]);
    expect(body).not.toHaveProperty('stock');
  });

  it('answers a colour’s broken rule with the contract’s message on the colours', async () => {
    const { errors } = await resolve({
      ...filled,
      colours: [
        { name: 'Sage', swatch: 'green', stock: {} },
        { name: 'sage', swatch: '#87a96b', stock: {} },
      ],
    });
    expect((errors.colours as { message?: string } | undefined)?.message).toBe(M.swatchInvalid);
    const duplicate = await resolve({
      ...filled,
      colours: [
        { name: 'Sage', swatch: '#87a96b', stock: {} },
        { name: 'sage', swatch: '#87a96b', stock: {} },
      ],
    });
    expect((duplicate.errors.colours as { message?: string } | undefined)?.message).toBe(M.colourNameTaken);
  });

  it('passes a valid product', async () => {
    expect((await resolve(filled)).errors).toEqual({});
  });

  it('answers each broken rule with the contract’s message on its field', async () => {
    const { errors } = await resolve({
      ...filled,
      name: '',
      brand: '',
      price: '',
      salePrice: '200',
      slug: 'Not A Slug',
      sizes: [
        { key: 'a', size: 'S', stock: '3' },
        { key: 'b', size: 's', stock: '-1' },
      ],
    });
    expect(errors.name?.message).toBe(M.nameRequired);
    expect(errors.brand?.message).toBe(M.brandRequired);
    expect(errors.price?.message).toBe(M.priceInvalid);
    expect(errors.slug?.message).toBe(M.slugInvalid);
    expect((errors.sizes as { message?: string } | undefined)?.message).toMatch(
      new RegExp(`${M.sizesDuplicate}|${M.stockInvalid}`),
    );
  });

  it('refuses a sale price at or above the regular price', async () => {
    const { errors } = await resolve({ ...filled, salePrice: '129' });
    expect(errors.salePrice?.message).toBe(M.salePriceNotBelow);
  });

  it('refuses more than two decimals', async () => {
    const { errors } = await resolve({ ...filled, price: '12.345' });
    expect(errors.price?.message).toBe(M.priceInvalid);
  });
});
