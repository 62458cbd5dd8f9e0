import type { Resolver } from 'react-hook-form';
import {
  ProductCreateBodySchema,
  ProductUpdateBodySchema,
  type AdminProduct,
  type Category,
  type ProductCreateBody,
} from '@shopper/contract';
import { amountOf, contractResolver } from '../../lib/contract-resolver.ts';

/** What the form edits: text as typed; the contract's body is built from it on submit. */
export interface ProductFormValues {
  name: string;
  slug: string;
  category: Category;
  brand: string;
  shortDescription: string;
  longDescription: string;
  /** Comma-separated. */
  tags: string;
  types: string;
  /** Dollars as typed. */
  price: string;
  /** Empty: not on sale. */
  salePrice: string;
  /** In picker order; `stock` is the opening stock of a new product without colours. `key` names the row while it is renamed or moved. */
  sizes: SizeRow[];
  /**
   * A new product's colours (decision 043), in swatch order, each with its opening stock by size row
   * `key`. None: one colour named DEFAULT_COLOUR_NAME holding the sizes' `stock`. Edited on the product's page afterwards.
   */
  colours: ColourRow[];
}

export interface SizeRow {
  key: string;
  size: string;
  stock: string;
}

export interface ColourRow {
  name: string;
  swatch: string;
  /** Opening stock as typed, by size row key. */
  stock: Record<string, string>;
}

let lastKey = 0;
/** A size row's own key, kept while its name is typed or it moves. */
export function newSizeKey(): string {
  lastKey += 1;
  return `size-${lastKey}`;
}

export function newSizeRow(size = '', stock = '0'): SizeRow {
  return { key: newSizeKey(), size, stock };
}

export const EMPTY_PRODUCT: ProductFormValues = {
  name: '',
  slug: '',
  category: 'women',
  brand: '',
  shortDescription: '',
  longDescription: '',
  tags: '',
  types: '',
  price: '',
  salePrice: '',
  sizes: [
    { key: 'size-s', size: 'S', stock: '0' },
    { key: 'size-m', size: 'M', stock: '0' },
    { key: 'size-l', size: 'L', stock: '0' },
  ],
  colours: [],
};

export function valuesOf(product: AdminProduct): ProductFormValues {
  return {
    name: product.name,
    slug: product.slug,
    category: product.category,
    brand: product.brand,
    shortDescription: product.shortDescription,
    longDescription: product.longDescription,
    tags: product.tags.join(', '),
    types: product.types.join(', '),
    price: String(product.price),
    salePrice: product.salePrice === null ? '' : String(product.salePrice),
    sizes: product.sizes.map(({ size, stock }, index) => ({ key: `size-${index}`, size, stock: String(stock) })),
    colours: [],
  };
}

const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** The body of POST /api/admin/products (with opening stock, and colours when given) or of PATCH (without). */
export function toBody(values: ProductFormValues, isNew: boolean): ProductCreateBody {
  const sizes = values.sizes.map((row) => row.size.trim());
  const body: ProductCreateBody = {
    name: values.name,
    slug: values.slug.trim() || (isNew ? undefined : values.slug),
    category: values.category,
    brand: values.brand,
    shortDescription: values.shortDescription,
    longDescription: values.longDescription,
    tags: list(values.tags),
    types: list(values.types),
    price: amountOf(values.price),
    salePrice: values.salePrice.trim() === '' ? null : amountOf(values.salePrice),
    sizes,
  };
  if (isNew) {
    const named = values.sizes.filter((row) => row.size.trim());
    if (values.colours.length > 0) {
      body.colours = values.colours.map((colour) => ({
        name: colour.name,
        swatch: colour.swatch,
        stock: Object.fromEntries(named.map((row) => [row.size.trim(), amountOf(colour.stock[row.key] || '0')])),
      }));
    } else {
      body.stock = Object.fromEntries(named.map((row) => [row.size.trim(), amountOf(row.stock || '0')]));
    }
  }
  return body;
}

export const PRODUCT_FIELDS = Object.keys(EMPTY_PRODUCT);

/** The contract's own schema checks the form (the server runs the same); opening stock errors go on the sizes. */
export function productResolver(isNew: boolean): Resolver<ProductFormValues> {
  return contractResolver<ProductFormValues>(
    isNew ? ProductCreateBodySchema : ProductUpdateBodySchema,
    (values) => toBody(values, isNew),
    { stock: 'sizes' },
  );
}
