import { AdminOrderAnswerSchema, AdminOrderSummarySchema, type AdminOrder } from '@shopper/contract';
import type { OrderSummary } from '../components/order-columns.tsx';

/**
 * An order as GET /api/admin/orders/:id answers it: cancelled, $40 of goods with $3.20 tax, free
 * shipping, no refund. Overrides replace whole fields.
 */
export function adminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return AdminOrderAnswerSchema.parse({
    success: true,
    order: {
      _id: 'o1',
      orderNumber: 'SH-10042',
      createdAt: '2026-11-20T10:00:00.000Z',
      items: [],
      itemsPrice: 40,
      discount: 0,
      couponCode: null,
      shippingAmount: 0,
      taxAmount: 3.2,
      totalAmount: 43.2,
      shippingMethod: 'standard',
      shippingMethodName: 'Standard',
      shippingTaxAmount: 0,
      pricesIncludeTax: false,
      orderStatus: 'Cancelled',
      shippingInfo: {
        name: 'Ada',
        address: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        postalCode: '62704',
        country: 'US',
        phoneNumber: '555',
      },
      paymentInfo: { paymentMethod: 'card', status: 'succeeded', brand: 'visa', last4: '4242' },
      paymentIntentId: 'pi_1',
      customer: null,
      guest: false,
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
      shippedAt: null,
      deliveredAt: null,
      cancelledAt: '2026-11-20T11:00:00.000Z',
      refundedAmount: 0,
      timeline: [{ kind: 'placed', actor: null, data: {}, createdAt: '2026-11-20T10:00:00.000Z' }],
      refunds: [],
      ...overrides,
    },
  }).order;
}

/** A row of GET /api/admin/orders: Ada's processing order of two items. Overrides replace whole fields. */
export function adminOrderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return AdminOrderSummarySchema.parse({
    id: 'o1',
    orderNumber: 'SH-10042',
    createdAt: '2026-11-20T10:00:00.000Z',
    status: 'Processing',
    customer: { id: 'c1', email: 'ada@example.com', name: 'Ada Lovelace' },
    guest: false,
    totalAmount: 43.2,
    refundedAmount: 0,
    itemCount: 2,
    paymentStatus: 'succeeded',
    ...overrides,
  });
}
