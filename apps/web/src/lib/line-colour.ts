import { SHOP_UI_MESSAGES as UI } from '@shopper/contract/plain';
import type { CartItem, OrderItem } from '@shopper/contract';

/**
 * The colour a line names (decision 043): a cart line of a product in several colours
 * (`showColour`), an order line whose colour was copied at purchase (`colourName`, '' for
 * one-colour products and orders placed before colours). Null when the line names none.
 */
export function lineColour(item: Pick<CartItem, 'showColour' | 'colourName'> | Pick<OrderItem, 'colourName'>) {
  if ('showColour' in item && !item.showColour) return null;
  return item.colourName || null;
}

/** What was bought of the product: 'Sage · Size M', or 'Size M' for a line that names no colour. */
export function lineVariant(colour: string | null, size: string): string {
  return colour ? UI.colourAndSize(colour, size) : `Size ${size}`;
}

/** How a control names the line it acts on: 'Linen Shirt (Sage, M)', or 'Linen Shirt (M)'. */
export function lineLabel(name: string, colour: string | null, size: string): string {
  return colour ? `${name} (${colour}, ${size})` : `${name} (${size})`;
}
