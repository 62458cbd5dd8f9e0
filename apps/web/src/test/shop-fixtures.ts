import {
  COUNTRY_CODES,
  CartAnswerSchema,
  CartItemSchema,
  CartSchema,
  CartSummaryAnswerSchema,
  OrderSchema,
  OrdersPageAnswerSchema,
  PaymentConfigAnswerSchema,
  TestIntentAnswerSchema,
  type Cart,
  type CartItem,
  type Order,
  type TestIntentAnswer,
} from '@shopper/contract';
import { AUTH_TOKEN_KEY } from '../lib/session.ts';
import { buildUser } from './account-fixtures.ts';
import type { User } from '@shopper/contract';
import { UserAnswerSchema } from '@shopper/contract';

/** Cart, checkout and order payloads as the API answers them, parsed by the contract's schemas. */
export function buildCartItem(overrides: Partial<CartItem> = {}): CartItem {
  return CartItemSchema.parse({
    productId: 'p1',
    name: 'Linen Summer Shirt',
    image: '/images/products/p1-1.svg',
    size: 'M',
    // A product in one colour: the line does not name it (decision 043).
    colourId: 'p1-standard',
    colourName: 'Standard',
    swatch: '#9ca3af',
    showColour: false,
    quantity: 1,
    old_price: 80,
    new_price: 60,
    price: 60,
    inStock: true,
    maxQuantity: 10,
    ...overrides,
  });
}

/** A line of a product in several colours, which names its colour: Sage, size M. */
export function buildColourCartItem(overrides: Partial<CartItem> = {}): CartItem {
  return buildCartItem({
    productId: 'p2',
    name: 'Linen Shirt',
    image: '/images/products/shirt-8a9a5b-front.svg',
    colourId: 'c-sage',
    colourName: 'Sage',
    swatch: '#8a9a5b',
    showColour: true,
    ...overrides,
  });
}

/** A cart whose totals follow its lines (the server's job; here only so fakes look real). */
export function buildCart(items: CartItem[] = [buildCartItem()], overrides: Partial<Cart> = {}): Cart {
  const subtotal = Math.round(items.reduce((sum, item) => sum + item.price * item.quantity, 0) * 100) / 100;
  return CartSchema.parse({
    items,
    totalItems: items.reduce((sum, item) => sum + item.quantity, 0),
    subtotal,
    discount: 0,
    totalPrice: subtotal,
    coupon: null,
    ...overrides,
  });
}

export function cartAnswer(cart: Cart) {
  return CartAnswerSchema.parse({ success: true, cart });
}

export function cartSummaryAnswer(cart: Cart, taxRate = 0.08) {
  const taxAmount = Math.round(cart.totalPrice * taxRate * 100) / 100;
  return CartSummaryAnswerSchema.parse({
    success: true,
    amount: Math.round((cart.totalPrice + taxAmount) * 100) / 100,
    subtotal: cart.subtotal,
    taxAmount,
    shippingAmount: 0,
    discount: cart.discount,
    currency: 'usd',
    shippingMethod: 'standard',
    shippingMethods: [
      { id: 'standard', name: 'Standard', price: 0, estimate: '3–7 business days', isFreeByAmount: false },
    ],
    shipsTo: COUNTRY_CODES,
    pricesIncludeTax: false,
  });
}

/** GET /api/payment/config; guest checkout is the owner's setting, off unless a test turns it on. */
export function paymentConfigAnswer(provider: 'test' | 'stripe' = 'test', { guestCheckout = false } = {}) {
  return PaymentConfigAnswerSchema.parse({ success: true, provider, guestCheckout });
}

export function testIntent(status: TestIntentAnswer['status'], overrides: Partial<TestIntentAnswer> = {}) {
  return TestIntentAnswerSchema.parse({
    id: 'pi_123',
    status,
    amount: 6480,
    currency: 'usd',
    paymentMethod: status === 'requires_capture' ? { id: 'pm_1', brand: 'visa', last4: '4242' } : null,
    lastPaymentError: null,
    nextAction: status === 'requires_action' ? { type: 'challenge' } : null,
    ...overrides,
  });
}

export function buildOrder(overrides: Partial<Order> = {}, itemCount = 1): Order {
  return OrderSchema.parse({
    _id: 'order-1',
    orderNumber: 'SH-10001',
    createdAt: '2026-11-21T10:00:00.000Z',
    items: Array.from({ length: itemCount }, (_, index) => ({
      _id: `item-${index + 1}`,
      productId: `p${index + 1}`,
      name: `Product ${index + 1}`,
      image: `/images/products/p${index + 1}-1.svg`,
      size: 'M',
      // Products in one colour: nothing to name (decision 043).
      colourId: `p${index + 1}-standard`,
      colourName: '',
      quantity: 1,
      price: 20,
      taxRate: 8,
      taxAmount: 1.6,
    })),
    itemsPrice: 20 * itemCount,
    discount: 0,
    couponCode: null,
    shippingAmount: 0,
    taxAmount: 1.6 * itemCount,
    totalAmount: 21.6 * itemCount,
    shippingMethod: 'standard',
    shippingMethodName: 'Standard',
    shippingTaxAmount: 0,
    pricesIncludeTax: false,
    orderStatus: 'Processing',
    shippingInfo: {
      name: 'Ada Lovelace',
      address: '1 Main Street',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      country: 'US',
      phoneNumber: '5551234567',
    },
    paymentInfo: { paymentMethod: 'card', status: 'succeeded', brand: 'visa', last4: '4242' },
    paymentIntentId: 'pi_123',
    carrier: null,
    trackingNumber: null,
    trackingUrl: null,
    shippedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    refundedAmount: 0,
    refunds: [],
    ...overrides,
  });
}

/**
 * An order of two lines: the Linen Shirt in Sage, size M, whose line names its colour, and a product
 * in one colour, whose line names none (decision 043).
 */
export function buildOrderWithColours(overrides: Partial<Order> = {}): Order {
  const order = buildOrder({}, 2);
  const [first, second] = order.items;
  return buildOrder({
    items: [
      { ...first!, productId: 'p2', name: 'Linen Shirt', colourId: 'c-sage', colourName: 'Sage' },
      { ...second!, name: 'Plain Tee' },
    ],
    itemsPrice: order.itemsPrice,
    taxAmount: order.taxAmount,
    totalAmount: order.totalAmount,
    ...overrides,
  });
}

export function ordersPage(orders: Order[], page = 1, limit = 5, total = orders.length) {
  return OrdersPageAnswerSchema.parse({
    success: true,
    orders,
    total,
    page,
    limit,
    totalPages: Math.max(1, Math.ceil(total / limit)),
  });
}

/** Stores a token and answers GET /api/users/me with this user. */
export function signedInRoutes(user: User = buildUser()) {
  localStorage.setItem(AUTH_TOKEN_KEY, 'token');
  return {
    'GET /api/users/me': () =>
      new Response(JSON.stringify(UserAnswerSchema.parse({ success: true, user })), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  };
}

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

/** The requests a stubbed fetch received, in order, with the JSON bodies parsed. */
export function recordedRequests(fetchFake: {
  mock: { calls: [RequestInfo | URL, RequestInit?][] };
}): RecordedRequest[] {
  return fetchFake.mock.calls.map(([input, init]) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    return {
      method: init?.method ?? 'GET',
      url: new URL(href, 'http://localhost'),
      headers: (init?.headers ?? {}) as Record<string, string>,
      body,
    };
  });
}
