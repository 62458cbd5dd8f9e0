import { type Order, toDollars, toPercent, trackingUrl } from '@shopper/contract';
import type { orderEvents, orderItems, orders, refunds } from '../../db/schema.ts';
import type { StockLine } from '../catalog/index.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/**
 * What the customer may learn of an order's life after it was placed: when each change happened
 * and the refunds that went through. Staff, reasons and provider errors are left out on purpose.
 */
export type OrderHistory = {
  events: readonly Pick<typeof orderEvents.$inferSelect, 'kind' | 'createdAt'>[];
  refunds: readonly Pick<
    typeof refunds.$inferSelect,
    'amountCents' | 'taxCents' | 'shippingCents' | 'status' | 'createdAt'
  >[];
};

export const NO_HISTORY: OrderHistory = { events: [], refunds: [] };

function lastAt(history: OrderHistory, kind: OrderHistory['events'][number]['kind']): string | null {
  let at: Date | null = null;
  for (const event of history.events) if (event.kind === kind && (!at || event.createdAt > at)) at = event.createdAt;
  return at ? at.toISOString() : null;
}

/** The order on the wire (docs/product.md#entities): dollars, the customer's shipping details, the card's brand and last digits, tracking and refunds. */
export function toOrderView(
  order: OrderRow,
  items: readonly OrderItemRow[],
  history: OrderHistory = NO_HISTORY,
): Order {
  return {
    _id: order.id,
    orderNumber: order.orderNumber,
    createdAt: order.createdAt.toISOString(),
    items: items.map((item) => ({
      _id: item.id,
      productId: item.productId,
      name: item.name,
      image: item.image,
      size: item.size,
      colourId: item.colourId,
      colourName: item.colourName,
      quantity: item.quantity,
      price: toDollars(item.unitPriceCents),
      taxRate: toPercent(item.taxRateMilli),
      taxAmount: toDollars(item.taxCents),
    })),
    itemsPrice: toDollars(order.itemsPriceCents),
    discount: toDollars(order.discountCents),
    couponCode: order.couponCode,
    shippingAmount: toDollars(order.shippingCents),
    taxAmount: toDollars(order.taxCents),
    totalAmount: toDollars(order.totalCents),
    shippingMethod: order.shippingMethod,
    shippingMethodName: order.shippingMethodName,
    shippingTaxAmount: toDollars(order.shippingTaxCents),
    pricesIncludeTax: order.pricesIncludeTax,
    orderStatus: order.status,
    shippingInfo: {
      name: order.shippingName,
      address: order.shippingAddress,
      city: order.shippingCity,
      state: order.shippingState,
      postalCode: order.shippingPostalCode,
      country: order.shippingCountry,
      phoneNumber: order.shippingPhone,
    },
    paymentInfo: {
      paymentMethod: 'card',
      status: order.paymentStatus,
      brand: order.cardBrand,
      last4: order.cardLast4,
    },
    paymentIntentId: order.paymentIntentId,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: order.carrier && order.trackingNumber ? trackingUrl(order.carrier, order.trackingNumber) : null,
    shippedAt: lastAt(history, 'shipped'),
    deliveredAt: lastAt(history, 'delivered'),
    cancelledAt: lastAt(history, 'cancelled'),
    refundedAmount: toDollars(order.refundedCents),
    refunds: history.refunds
      .filter((refund) => refund.status === 'succeeded')
      .toSorted((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((refund) => ({
        amount: toDollars(refund.amountCents),
        taxAmount: toDollars(refund.taxCents),
        shippingAmount: toDollars(refund.shippingCents),
        createdAt: refund.createdAt.toISOString(),
      })),
  };
}

/**
 * What goes back on the shelf for these items: the colour bought, in its size. An item whose
 * product or colour has been removed since has nowhere to go back to and is left out (decision 043).
 */
export function restockLines(chosen: readonly { item: OrderItemRow; quantity: number }[]): StockLine[] {
  return chosen.flatMap(({ item, quantity }) =>
    item.productId && item.colourId
      ? [
          {
            productId: item.productId,
            colourId: item.colourId,
            size: item.size,
            quantity,
            name: item.name,
            colourName: item.colourName,
          },
        ]
      : [],
  );
}
