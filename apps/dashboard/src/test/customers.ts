import {
  AdminCustomerSchema,
  AdminCustomerSummarySchema,
  type AdminCustomer,
  type AdminCustomerSummary,
} from '@shopper/contract';

/** A customer list row as GET /api/admin/customers answers it. */
export function customerSummary(overrides: Partial<AdminCustomerSummary> = {}): AdminCustomerSummary {
  return AdminCustomerSummarySchema.parse({
    id: 'c1',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    role: 'customer',
    status: 'active',
    createdAt: '2026-10-01T10:00:00.000Z',
    orderCount: 3,
    lifetimeSpend: 1234.5,
    lastOrderAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}

/** A customer as GET /api/admin/customers/:id answers it. */
export function adminCustomer(overrides: Partial<AdminCustomer> = {}): AdminCustomer {
  return AdminCustomerSchema.parse({
    ...customerSummary(),
    phone: '+15551234567',
    address: {
      street: '12 Analytical Row',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62704',
      postalCode: '62704',
      country: 'US',
    },
    isEmailVerified: true,
    grossSpend: 1300,
    refunded: 65.5,
    averageOrder: 411.5,
    firstOrderAt: '2026-10-02T10:00:00.000Z',
    disabledAt: null,
    disabledReason: null,
    ...overrides,
  });
}
