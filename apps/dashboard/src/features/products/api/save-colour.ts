import {
  AdminProductAnswerSchema,
  type ColourCreateBody,
  type ColourOrderBody,
  type ColourUpdateBody,
} from '@shopper/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { productPath, toProduct, useProductMutation } from './save-product.ts';

/** A product's colours (decision 043): each change answers the whole product as saved. */
const coloursPath = (productId: string) => `${productPath(productId)}/colours`;
const colourPath = (productId: string, colourId: string) => `${coloursPath(productId)}/${encodeURIComponent(colourId)}`;

/** POST /api/admin/products/{id}/colours: a new colour, last in order. */
export function useAddColour(productId: string) {
  return useProductMutation((body: ColourCreateBody) =>
    apiCall(coloursPath(productId), AdminProductAnswerSchema, { method: 'POST', body }).then(toProduct),
  );
}

/** PATCH /api/admin/products/{id}/colours/{colourId}: rename, change the swatch, hide or show. */
export function useUpdateColour(productId: string) {
  return useProductMutation(({ colourId, body }: { colourId: string; body: ColourUpdateBody }) =>
    apiCall(colourPath(productId, colourId), AdminProductAnswerSchema, { method: 'PATCH', body }).then(toProduct),
  );
}

/** PUT /api/admin/products/{id}/colours/order: every colour's id in the new order. */
export function useReorderColours(productId: string) {
  return useProductMutation((body: ColourOrderBody) =>
    apiCall(`${coloursPath(productId)}/order`, AdminProductAnswerSchema, { method: 'PUT', body }).then(toProduct),
  );
}

/** DELETE /api/admin/products/{id}/colours/{colourId}: refused (409) while open orders hold it, or for the last visible colour. */
export function useRemoveColour(productId: string) {
  return useProductMutation((colourId: string) =>
    apiCall(colourPath(productId, colourId), AdminProductAnswerSchema, { method: 'DELETE' }).then(toProduct),
  );
}
