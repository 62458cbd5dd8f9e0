import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import {
  ACCOUNT_MESSAGES,
  GUEST_CHECKOUT_MESSAGES as G,
  OrderLookupAnswerSchema,
  SITE_TITLE_SUFFIX,
} from '@shopper/contract';
import { errorBody, jsonResponse, stubApi } from '../../test/account-fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { buildOrder, recordedRequests } from '../../test/shop-fixtures.ts';
import { OrderLookupPage } from './order-lookup-page.tsx';

afterEach(() => vi.unstubAllGlobals());

function OrderPageProbe() {
  const location = useLocation();
  return <p>order page {`${location.pathname}${location.search}`}</p>;
}

function renderLookup(answer: () => Response) {
  const fetchFake = stubApi({ 'POST /api/payment/order-lookup': answer });
  renderRoutes(
    [
      { path: '/order-lookup', element: <OrderLookupPage /> },
      { path: '/order-confirmation/:orderId', element: <OrderPageProbe /> },
    ],
    ['/order-lookup'],
  );
  return fetchFake;
}

const lookups = (fetchFake: ReturnType<typeof stubApi>) =>
  recordedRequests(fetchFake).filter((request) => request.url.pathname === '/api/payment/order-lookup');

async function lookUp(email: string, orderNumber: string) {
  await userEvent.type(await screen.findByLabelText(G.emailLabel), email);
  await userEvent.type(screen.getByLabelText(G.orderNumberLabel), orderNumber);
  await userEvent.click(screen.getByRole('button', { name: G.lookupSubmit }));
}

describe('OrderLookupPage', () => {
  it('introduces itself and sets the page title', async () => {
    renderLookup(() => jsonResponse(500, errorBody('INTERNAL', 'unused')));
    expect(await screen.findByRole('heading', { level: 1, name: G.lookupTitle })).toBeTruthy();
    expect(screen.getByText(G.lookupIntro)).toBeTruthy();
    expect(document.title).toBe(`${G.lookupTitle}${SITE_TITLE_SUFFIX}`);
  });

  it('opens the order found with its key', async () => {
    const fetchFake = renderLookup(() =>
      jsonResponse(
        200,
        OrderLookupAnswerSchema.parse({ success: true, order: buildOrder({ _id: 'order-7' }), accessKey: 'k-7' }),
      ),
    );
    await lookUp('Grace@Example.com', 'sh-10001');
    expect(await screen.findByText('order page /order-confirmation/order-7?key=k-7')).toBeTruthy();
    expect(lookups(fetchFake).map((request) => request.body)).toEqual([
      { email: 'grace@example.com', orderNumber: 'SH-10001' },
    ]);
  });

  it.each([
    [404, 'NOT_FOUND', G.lookupNotFound],
    [429, 'RATE_LIMITED', G.lookupTooMany],
  ] as const)('shows the server’s answer to a %i and keeps what was typed', async (status, code, message) => {
    renderLookup(() => jsonResponse(status, errorBody(code, message)));
    await lookUp('grace@example.com', 'SH-404');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByLabelText<HTMLInputElement>(G.emailLabel).value).toBe('grace@example.com');
    expect(screen.getByLabelText<HTMLInputElement>(G.orderNumberLabel).value).toBe('SH-404');
  });

  it('checks both fields with the server’s rules before asking', async () => {
    const fetchFake = renderLookup(() => jsonResponse(500, errorBody('INTERNAL', 'unused')));
    await userEvent.click(await screen.findByRole('button', { name: G.lookupSubmit }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailRequired)).toBeTruthy();
    expect(screen.getByText(G.orderNumberRequired)).toBeTruthy();
    await userEvent.type(screen.getByLabelText(G.orderNumberLabel), '1234');
    expect(await screen.findByText(G.orderNumberInvalid)).toBeTruthy();
    expect(lookups(fetchFake)).toHaveLength(0);
  });
});
