import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ACCOUNT_MESSAGES,
  ADMIN_MESSAGES,
  AdminCustomerAnswerSchema,
  AdminOrdersPageSchema,
  AUTH_TOKEN_STORAGE_KEY,
  AuditPageSchema,
  UserAnswerSchema,
  type AdminCustomer,
  type UserRole,
} from '@shopper/contract';
import { adminCustomer } from '../../test/customers.ts';
import { json, renderRoutes, stubApi } from '../../test/render.tsx';
import { userWithRole } from '../../test/users.ts';
import { CustomerPage } from './customer-page.tsx';

const ORDERS = AdminOrdersPageSchema.parse({
  success: true,
  items: [
    {
      id: 'o1',
      orderNumber: 'SH-10042',
      createdAt: '2026-11-20T10:00:00.000Z',
      status: 'Cancelled',
      customer: { id: 'c1', email: 'ada@example.com', name: 'Ada Lovelace' },
      guest: false,
      totalAmount: 65.5,
      refundedAmount: 65.5,
      itemCount: 2,
      paymentStatus: 'refunded',
    },
  ],
  page: 1,
  pageSize: 10,
  total: 11,
});

const HISTORY = AuditPageSchema.parse({
  success: true,
  items: [
    {
      id: 'a1',
      actor: { id: 's1', email: 'staff@example.com', name: 'Sam' },
      action: 'customer.disable',
      entity: 'user',
      entityId: 'c1',
      before: { disabledAt: null, disabledReason: null },
      after: { disabledAt: '2026-11-23T09:00:00.000Z', disabledReason: 'Chargeback fraud', reason: 'Chargeback fraud' },
      createdAt: '2026-11-23T09:00:00.000Z',
    },
  ],
  page: 1,
  pageSize: 10,
  total: 1,
});

function openAs(role: UserRole, customer: AdminCustomer, meId = 'me') {
  localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
  let current = customer;
  const calls = stubApi({
    'GET /api/users/me': () =>
      json(200, UserAnswerSchema.parse({ success: true, user: { ...userWithRole(role), id: meId, _id: meId } })),
    [`GET /api/admin/customers/${customer.id}`]: () =>
      json(200, AdminCustomerAnswerSchema.parse({ success: true, customer: current })),
    'GET /api/admin/orders': () => json(200, ORDERS),
    'GET /api/admin/audit': () => json(200, HISTORY),
    [`POST /api/admin/customers/${customer.id}/disable`]: () => {
      current = {
        ...current,
        status: 'disabled',
        disabledAt: '2026-11-23T09:00:00.000Z',
        disabledReason: 'Chargeback fraud',
      };
      return json(200, { success: true, message: ADMIN_MESSAGES.customerDisabled(current.email), customer: current });
    },
  });
  const view = renderRoutes([{ path: '/customers/:id', element: <CustomerPage /> }], `/customers/${customer.id}`);
  return { ...view, calls };
}

describe('customer detail', () => {
  it('shows the profile, the figures and their orders, paged and linking to each order', async () => {
    const { calls } = openAs('staff', adminCustomer());
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeTruthy();
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('Verified')).toBeTruthy();
    expect(within(profile).getByText('+15551234567')).toBeTruthy();
    const figures = screen.getByRole('region', { name: 'Figures' });
    expect(within(figures).getByText('$1,234.50')).toBeTruthy();
    expect(within(figures).getByText('$65.50')).toBeTruthy();
    const orders = await screen.findByRole('table', { name: 'Orders of this customer' });
    expect(within(orders).getByRole('link', { name: 'SH-10042' }).getAttribute('href')).toBe('/orders/o1');
    expect(within(orders).getByText('−$65.50 refunded')).toBeTruthy();
    expect(screen.getByText('1–10 of 11')).toBeTruthy();
    // The audit log is the owner's: staff are not shown it, nor is it asked for.
    expect(screen.queryByRole('region', { name: 'History' })).toBeNull();
    expect(calls.some((call) => call.url.pathname === '/api/admin/audit')).toBe(false);
    const ordersCall = calls.find((call) => call.url.pathname === '/api/admin/orders');
    expect(ordersCall?.url.searchParams.get('customerId')).toBe('c1');
    expect(ordersCall?.url.searchParams.get('pageSize')).toBe('10');
  });

  it('disables with a confirmation and a reason the contract checks, then shows why', async () => {
    const user = userEvent.setup();
    const { calls } = openAs('staff', adminCustomer());
    await user.click(await screen.findByRole('button', { name: 'Disable account' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable ada@example.com?' });
    expect(within(dialog).getByText(new RegExp(ACCOUNT_MESSAGES.accountDisabled.replace('.', '\\.')))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(within(dialog).getByText(ADMIN_MESSAGES.customerReasonRequired)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Reason'), '  Chargeback fraud ');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      expect.stringContaining('Chargeback fraud'),
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ reason: 'Chargeback fraud' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Re-enable account' })).toBeTruthy();
  });

  it('offers an owner the disable on another owner, and the account’s history with who and why', async () => {
    const { calls } = openAs('owner', adminCustomer({ id: 'other', role: 'owner' }));
    expect(await screen.findByRole('button', { name: 'Disable account' })).toBeTruthy();
    const history = await screen.findByRole('region', { name: 'History' });
    expect(await within(history).findByText('Disabled')).toBeTruthy();
    expect(within(history).getByText(/staff@example\.com/)).toBeTruthy();
    expect(within(history).getByText('Chargeback fraud')).toBeTruthy();
    const auditCall = calls.find((call) => call.url.pathname === '/api/admin/audit');
    expect(auditCall?.url.searchParams.get('entityId')).toBe('other');
  });

  it('offers no disable on one’s own account', async () => {
    openAs('owner', adminCustomer({ id: 'me', role: 'owner' }));
    expect(await screen.findByText('This is your own account.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Disable account' })).toBeNull();
  });

  it('offers staff nothing on an owner’s account, even a disabled one', async () => {
    openAs(
      'staff',
      adminCustomer({
        role: 'owner',
        status: 'disabled',
        disabledAt: '2026-11-23T09:00:00.000Z',
        disabledReason: 'Sold the shop',
      }),
    );
    expect(await screen.findByText(/Sold the shop/)).toBeTruthy();
    expect(await screen.findByText(ADMIN_MESSAGES.customerOwnerNeedsOwner)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /account/ })).toBeNull();
  });
});
