import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import type { CartService, CouponsService } from '../cart/index.ts';
import type { CatalogChanges, CatalogService } from '../catalog/index.ts';
import type { OrdersService } from '../orders/index.ts';
import type { UsersService } from '../users/index.ts';
import type { ShippingService } from '../shipping/index.ts';
import type { TaxService } from '../tax/index.ts';
import type { PaymentCustomersService } from './payment-customers.service.ts';

/**
 * Everything checkout works with, given once to `createCheckoutService`. Each step takes a `Pick`
 * of it, so what a step may touch (the database, the provider, other modules) reads off its signature.
 */
export type CheckoutDeps = {
  db: Database;
  /** Pricing by destination: the methods offered there and the tax charged there. */
  shipping: Pick<ShippingService, 'quote'>;
  tax: Pick<TaxService, 'pricingAt'>;
  /** The order's page in the storefront, for this customer (a guest's link carries its key). */
  orderPageLink: (orderId: string, isGuest: boolean) => string;
  provider: PaymentProvider;
  cart: CartService;
  coupons: CouponsService;
  catalog: CatalogService;
  catalogChanges: Pick<CatalogChanges, 'changedHere'>;
  orders: OrdersService;
  users: UsersService;
  customers: PaymentCustomersService;
  /** `charge.refunded`: the orders side records the provider's refunds of this payment. */
  onRefunded: (intentId: string) => Promise<unknown>;
  clock: () => Date;
  log: FastifyBaseLogger;
};
