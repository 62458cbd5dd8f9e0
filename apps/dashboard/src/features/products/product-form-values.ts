import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  ProductCreateBodySchema,
  ProductUpdateBodySchema,
  type AdminProduct,
  type Category,
  type ProductCreateBody,
} from '@shopper/contract';

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
  /** In picker order; `stock` is the opening stock of a new product. */
  sizes: { size: string; stock: string }[];
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
    { size: 'S', stock: '0' },
    { size: 'M', stock: '0' },
    { size: 'L', stock: '0' },
  ],
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
    sizes: product.sizes.map(({ size, stock }) => ({ size, stock: String(stock) })),
  };
}

const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
/** '' is not zero dollars: it is missing, which the contract reports with the price message. */
const amount = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The body of POST /api/admin/products (with opening stock) or of PATCH (without). */
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
    price: amount(values.price),
    salePrice: values.salePrice.trim() === '' ? null : amount(values.salePrice),
    sizes,
  };
  if (isNew) {
    body.stock = Object.fromEntries(
      values.sizes.filter((row) => row.size.trim()).map((row) => [row.size.trim(), amount(row.stock || '0')]),
    );
  }
  return body;
}

/** Form fields a contract issue belongs to: list items to their list, opening stock to the sizes. */
const FIELD_OF: Record<string, keyof ProductFormValues> = { stock: 'sizes' };
export const PRODUCT_FIELDS = Object.keys(EMPTY_PRODUCT);

/**
 * Validates with the contract's own schema (the server runs the same), so every field shows the
 * message the server would answer.
 */
export function productResolver(isNew: boolean): Resolver<ProductFormValues> {
  const schema = isNew ? ProductCreateBodySchema : ProductUpdateBodySchema;
  return async (values) => {
    const parsed = schema.safeParse(toBody(values, isNew));
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const top = String(issue.path[0] ?? 'name');
      const field = FIELD_OF[top] ?? top;
      errors[field] ??= { type: 'validation', message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<ProductFormValues> };
  };
}
