// Checkout, payment intent, order and saved-card wire shapes (docs/product.md#entities and docs/product.md#payment-api).
import { z } from 'zod';
import { CHECKOUT_MESSAGES as M, TEST_WALLET } from '../checkout-messages.ts';
import { toCountryCode } from '../countries.ts';
import { orderDaySchema } from './order-day.ts';
import { EmailSchema } from './user.ts';
import { SHIPPING_MESSAGES as SM } from '../shipping-tax-messages.ts';
import {
  DEFAULT_ORDER_PAGE_SIZE,
  ORDER_DATE_MAX,
  ORDER_DATE_MIN,
  ORDER_PAGE_SIZES,
  ORDER_SORTS,
  ORDER_STATUS_FILTERS,
  ORDER_STATUSES,
} from '../order-rules.ts';

const ZIP_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{2,10}[A-Za-z0-9]$/;

/** A required shipping field: missing or blank gives the one message of docs/product.md#shipping-details. */
const required = (max: number) =>
  z
    .string({ error: M.shippingFieldsRequired })
    .trim()
    .min(1, M.shippingFieldsRequired)
    .max(max, `At most ${max} characters`);

/** The method every shop has out of the box; the owner may add others (docs/shipping-and-taxes.md). */
export const DEFAULT_SHIPPING_METHOD = 'standard';

/** A shipping method's id: `standard`, or the id the shop gave a method its owner added (`express`). */
export const ShippingMethodIdSchema = z
  .string({ error: SM.methodIdInvalid })
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, SM.methodIdInvalid);

export const ShippingInfoSchema = z.object({
  name: required(100),
  phoneNumber: required(30),
  shippingMethod: ShippingMethodIdSchema.default(DEFAULT_SHIPPING_METHOD),
  shippingAddress: z.object(
    {
      street: required(200),
      city: required(100),
      state: required(100),
      zip: required(20).refine((v) => ZIP_PATTERN.test(v), M.zipInvalid),
      // Codes, or names in any case (docs/product.md#entities): stored as the code.
      country: required(60)
        .refine((v) => toCountryCode(v) !== undefined, M.countryInvalid)
        .transform((v) => toCountryCode(v) ?? 'US'),
    },
    { error: M.shippingFieldsRequired },
  ),
});
export type ShippingInfo = z.output<typeof ShippingInfoSchema>;
export type ShippingInfoInput = z.input<typeof ShippingInfoSchema>;

/** Anything else the browser sends (amount, prices, items…) is dropped: the server prices the cart. */
export const CreatePaymentIntentBodySchema = z.object({
  shippingInfo: ShippingInfoSchema.optional().transform((v, ctx) => {
    if (!v) {
      ctx.addIssue({ code: 'custom', message: M.shippingFieldsRequired });
      return z.NEVER;
    }
    return v;
  }),
  /**
   * Asks the provider to keep the card for the customer's next orders (Stripe's
   * `setup_future_usage`); the browser then saves it with `POST /api/payments/payment-methods`.
   */
  saveCard: z.boolean().optional().default(false),
  /**
   * Where a guest's confirmation and updates go (docs/product.md#guest-checkout): required of a
   * guest, ignored for an account, whose own address is used.
   */
  email: EmailSchema.optional(),
});
export type CreatePaymentIntentBody = z.input<typeof CreatePaymentIntentBodySchema>;

export const CreatePaymentIntentAnswerSchema = z.object({
  success: z.literal(true),
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  /** Dollars, computed by the server. */
  amount: z.number(),
});
export type CreatePaymentIntentAnswer = z.infer<typeof CreatePaymentIntentAnswerSchema>;

/** Where the cart would go and how: the summary prices the cart for it (all optional: the default country and method). */
export const CartSummaryQuerySchema = z.object({
  country: z
    .string()
    .trim()
    .max(60, M.countryInvalid)
    .refine((v) => toCountryCode(v) !== undefined, M.countryInvalid)
    .transform((v) => toCountryCode(v) ?? 'US')
    .optional(),
  state: z.string().trim().max(100).optional(),
  shippingMethod: ShippingMethodIdSchema.optional(),
});
export type CartSummaryQuery = z.input<typeof CartSummaryQuerySchema>;

/** A method the shop offers at an address, priced for this cart (dollars). */
export const ShippingOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  estimate: z.string(),
  /** The method's own price is above 0 but this cart reaches its free-from amount. */
  isFreeByAmount: z.boolean(),
});
export type ShippingOption = z.infer<typeof ShippingOptionSchema>;

export const CartSummaryAnswerSchema = z.object({
  success: z.literal(true),
  amount: z.number(),
  subtotal: z.number(),
  taxAmount: z.number(),
  shippingAmount: z.number(),
  discount: z.number(),
  currency: z.literal('usd'),
  /** The method these amounts use: the one asked for when offered here, else the first offered. */
  shippingMethod: z.string(),
  /** Methods offered at the address, cheapest first; empty when the shop does not ship there. */
  shippingMethods: z.array(ShippingOptionSchema),
  /** Countries the shop ships to: the only ones checkout offers. */
  shipsTo: z.array(z.string()),
  /** Shelf prices include tax (VAT style): the tax is part of the subtotal and shown as "incl. VAT". */
  pricesIncludeTax: z.boolean(),
});
export type CartSummaryAnswer = z.infer<typeof CartSummaryAnswerSchema>;

export const PAYMENT_INTENT_ID_MAX = 200;

export const ConfirmOrderBodySchema = z.object({
  paymentIntentId: z.string().trim().min(1, M.paymentNotFound).max(PAYMENT_INTENT_ID_MAX),
  paymentMethodId: z.string().max(200).optional(),
  /** Accepted for compatibility; the shipping info recorded with the payment intent is the one used. */
  shippingInfo: z.unknown().optional(),
});
export type ConfirmOrderBody = z.input<typeof ConfirmOrderBodySchema>;

export const OrderItemSchema = z.object({
  _id: z.string(),
  productId: z.string().nullable(),
  name: z.string(),
  image: z.string(),
  size: z.string(),
  /** The colour bought; null when the colour was removed since, or for an order placed before colours existed. */
  colourId: z.string().nullable(),
  /** Copied at purchase; '' when the line has no colour to name (one-colour products and older orders). */
  colourName: z.string(),
  quantity: z.number().int(),
  /** Unit price in dollars, as paid. */
  price: z.number(),
  /** The line's tax as charged: rate in percent, amount in dollars (0 for orders placed before taxes were kept per line). */
  taxRate: z.number(),
  taxAmount: z.number(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

/** A refund as its customer sees it: how much and when; the reason staff gave stays in the back office. */
export const OrderRefundSchema = z.object({
  amount: z.number(),
  /** The parts of `amount` that were tax and shipping (docs/shipping-and-taxes.md#refunds). */
  taxAmount: z.number(),
  shippingAmount: z.number(),
  createdAt: z.string(),
});
export type OrderRefund = z.infer<typeof OrderRefundSchema>;

export const OrderSchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  items: z.array(OrderItemSchema),
  itemsPrice: z.number(),
  discount: z.number(),
  couponCode: z.string().nullable(),
  shippingAmount: z.number(),
  taxAmount: z.number(),
  totalAmount: z.number(),
  /** The shipping method chosen, its name at purchase, and the part of taxAmount charged on shipping. */
  shippingMethod: z.string(),
  shippingMethodName: z.string(),
  shippingTaxAmount: z.number(),
  /** Shelf prices included tax when the order was placed: taxAmount is then part of itemsPrice and shipping. */
  pricesIncludeTax: z.boolean(),
  orderStatus: z.enum(ORDER_STATUSES),
  shippingInfo: z.object({
    name: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    country: z.string(),
    phoneNumber: z.string(),
  }),
  paymentInfo: z.object({
    paymentMethod: z.literal('card'),
    /** 'authorized' between writing the order and capturing the money, then 'succeeded'. */
    status: z.string(),
    brand: z.string().nullable(),
    last4: z.string().nullable(),
  }),
  paymentIntentId: z.string(),
  /** Set when the order ships (docs/product.md#order-lifecycle). The URL is the carrier's tracking page when the carrier is one we know. */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  /** When the order moved on; null until it did. */
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** Money given back so far (dollars), and each refund that went through, oldest first. */
  refundedAmount: z.number(),
  refunds: z.array(OrderRefundSchema),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderAnswerSchema = z.object({ success: z.literal(true), order: OrderSchema });
export type OrderAnswer = z.infer<typeof OrderAnswerSchema>;

export const OrderDateSchema = orderDaySchema({
  invalid: M.dateInvalid,
  outOfRange: M.dateOutOfRange(ORDER_DATE_MIN, ORDER_DATE_MAX),
});

export const OrdersQuerySchema = z
  .object({
    status: z.enum(ORDER_STATUS_FILTERS).default('all'),
    from: OrderDateSchema.optional(),
    to: OrderDateSchema.optional(),
    sort: z.enum(ORDER_SORTS).default('newest'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce
      .number()
      .int()
      .refine((n) => (ORDER_PAGE_SIZES as readonly number[]).includes(n), 'Page size must be 5, 10, 15 or 20')
      .default(DEFAULT_ORDER_PAGE_SIZE),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: M.dateRangeInverted, path: ['from'] });
export type OrdersQuery = z.output<typeof OrdersQuerySchema>;

export const OrdersPageAnswerSchema = z.object({
  success: z.literal(true),
  orders: z.array(OrderSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
});
export type OrdersPageAnswer = z.infer<typeof OrdersPageAnswerSchema>;

export const PAYMENT_PROVIDER_KINDS = ['test', 'stripe'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDER_KINDS)[number];

export const PaymentConfigAnswerSchema = z.object({
  success: z.literal(true),
  provider: z.enum(PAYMENT_PROVIDER_KINDS),
  publishableKey: z.string().optional(),
  /** The owner's setting: a visitor may fill a cart and pay without an account. */
  guestCheckout: z.boolean(),
});
export type PaymentConfigAnswer = z.infer<typeof PaymentConfigAnswerSchema>;

export const SavedPaymentMethodSchema = z.object({
  _id: z.string(),
  paymentMethodId: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
  createdAt: z.string(),
});
export type SavedPaymentMethod = z.infer<typeof SavedPaymentMethodSchema>;

export const SavePaymentMethodBodySchema = z.object({
  paymentMethodId: z.string().trim().min(1, M.paymentMethodInvalid).max(200),
});
export const SavedPaymentMethodsAnswerSchema = z.object({
  success: z.literal(true),
  paymentMethods: z.array(SavedPaymentMethodSchema),
});
export const SavedPaymentMethodAnswerSchema = z.object({
  success: z.literal(true),
  paymentMethod: SavedPaymentMethodSchema,
});

/* The built-in test-mode provider's API (/api/test-provider): the browser sends the card there, never to the shop. */

export const TEST_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_action',
  'requires_capture',
  'succeeded',
  'canceled',
] as const;
export type TestIntentStatus = (typeof TEST_INTENT_STATUSES)[number];

export const TestCardSchema = z.object({
  number: z.string().trim().min(1).max(40),
  expMonth: z.coerce.number().int(),
  expYear: z.coerce.number().int(),
  cvc: z.string().trim().max(10),
});
export type TestCard = z.infer<typeof TestCardSchema>;

/** Where the test wallet sends the shopper back: a path of the shop itself, never another site. */
const ReturnPathSchema = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])[^\s]*$/, 'Must be a path of this shop, starting with one /');

/**
 * One of three ways to pay a test-mode intent: a card typed in, a card the customer kept
 * (`paymentMethodId`, only their own), or the test wallet, which sends the shopper to approve
 * the payment on its own page and back to `returnUrl`, as Stripe's redirect methods do.
 */
export const TestConfirmBodySchema = z.union([
  z.object({ clientSecret: z.string().min(1).max(300), card: TestCardSchema }),
  z.object({ clientSecret: z.string().min(1).max(300), paymentMethodId: z.string().min(1).max(200) }),
  z.object({
    clientSecret: z.string().min(1).max(300),
    method: z.literal(TEST_WALLET),
    returnUrl: ReturnPathSchema,
  }),
]);
export type TestConfirmBody = z.input<typeof TestConfirmBodySchema>;
/** The body as the server reads it, after the card's month and year are coerced to numbers. */
export type TestConfirmRequest = z.output<typeof TestConfirmBodySchema>;
export const TestAuthenticateBodySchema = z.object({
  clientSecret: z.string().min(1).max(300),
  outcome: z.enum(['complete', 'fail']),
});
export type TestAuthenticateBody = z.input<typeof TestAuthenticateBodySchema>;

/** The test wallet's approval page answers with where the shopper goes next: the shop's return URL. */
export const TestWalletAnswerSchema = z.object({ returnUrl: z.string() });
export type TestWalletAnswer = z.infer<typeof TestWalletAnswerSchema>;

export const TestIntentAnswerSchema = z.object({
  id: z.string(),
  status: z.enum(TEST_INTENT_STATUSES),
  amount: z.number().int(),
  currency: z.string(),
  paymentMethod: z.object({ id: z.string(), brand: z.string(), last4: z.string() }).nullable(),
  lastPaymentError: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** Set while a 3-D Secure style challenge waits for the customer (test card 4000 0025 0000 3155). */
  nextAction: z
    .union([
      z.object({ type: z.literal('challenge') }),
      /** The test wallet: the browser goes to `url` to approve, then comes back to the return URL. */
      z.object({ type: z.literal('redirect'), url: z.string() }),
    ])
    .nullable(),
});
export type TestIntentAnswer = z.infer<typeof TestIntentAnswerSchema>;
