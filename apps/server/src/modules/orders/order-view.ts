import { type Order, toDollars } from '@shopper/contract';
import type { orderItems, orders } from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** SPEC §3 Order on the wire: dollars, the customer's shipping details, the card's brand and last digits. */
export function toOrderView(order: OrderRow, items: readonly OrderItemRow[]): Order {
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
      quantity: item.quantity,
      price: toDollars(item.unitPriceCents),
    })),
    itemsPrice: toDollars(order.itemsPriceCents),
    discount: toDollars(order.discountCents),
    couponCode: order.couponCode,
    shippingAmount: toDollars(order.shippingCents),
    taxAmount: toDollars(order.taxCents),
    totalAmount: toDollars(order.totalCents),
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
  };
}
