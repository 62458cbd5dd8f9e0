import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInCard = {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  customer: string | null;
  /** Used for a payment while kept by no one, or detached: Stripe refuses to attach it afterwards. */
  spent: boolean;
};

export type StandInIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  capture_method: string;
  client_secret: string;
  customer: string | null;
  amount_capturable: number;
  amount_received: number;
  metadata: Record<string, string>;
  payment_method: null | Omit<StandInCard, 'spent'>;
  last_payment_error: null | { code: string; decline_code?: string; message: string };
};

export type StandInCustomer = { id: string; object: 'customer'; email: string; metadata: Record<string, string> };

export const STAND_IN_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
  STRIPE_WEBHOOK_SECRET: 'whsec_standin',
};

/**
 * A local stand-in of the parts of Stripe's HTTP API the adapter uses, for the real SDK to talk to;
 * nothing leaves the machine. It keeps Stripe's rules that matter to the shop: a card attached to
 * one customer cannot pay another customer's intent nor be attached elsewhere, a card used without
 * a customer cannot be attached later, and a repeated idempotency key answers the first result.
 */
export function stripeStandIn() {
  const intents = new Map<string, StandInIntent>();
  const customers = new Map<string, StandInCustomer>();
  const cards = new Map<string, StandInCard>();
  const idempotent = new Map<string, unknown>();
  const calls: string[] = [];
  let next = 0;

  const read = (request: IncomingMessage) =>
    new Promise<URLSearchParams>((resolve) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => resolve(new URLSearchParams(text)));
    });

  const publicCard = ({ spent: _spent, ...card }: StandInCard) => card;

  function newCard(last4: string, customer: string | null): StandInCard {
    next += 1;
    const card: StandInCard = {
      id: `pm_standin_${next}`,
      object: 'payment_method',
      type: 'card',
      card: { brand: 'visa', last4, exp_month: 12, exp_year: 2099 },
      customer,
      spent: false,
    };
    cards.set(card.id, card);
    return card;
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      const form = await read(request);
      const url = new URL(request.url ?? '/', 'http://stand-in');
      calls.push(`${request.method} ${url.pathname}`);
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const invalid = (code: string, message: string, status = 400) =>
        send(status, { error: { type: 'invalid_request_error', code, message } });
      if (request.headers.authorization !== `Bearer ${STAND_IN_KEYS.STRIPE_SECRET_KEY}`)
        return send(401, { error: { type: 'invalid_request_error', message: 'bad key' } });

      const key = request.headers['idempotency-key'];
      const once = (make: () => unknown) => {
        // The SDK sends a key of its own on every POST; only the shop's own keys are remembered.
        const shopKey = typeof key === 'string' && key.startsWith('shopper-') ? key : undefined;
        if (shopKey && idempotent.has(shopKey)) return send(200, idempotent.get(shopKey));
        const body = make();
        if (shopKey) idempotent.set(shopKey, body);
        return send(200, body);
      };

      if (request.method === 'POST' && url.pathname === '/v1/customers') {
        return once(() => {
          next += 1;
          const customer: StandInCustomer = {
            id: `cus_standin_${next}`,
            object: 'customer',
            email: form.get('email') ?? '',
            metadata: { userId: form.get('metadata[userId]') ?? '' },
          };
          customers.set(customer.id, customer);
          return customer;
        });
      }

      if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
        next += 1;
        const id = `pi_standin_${next}`;
        const intent: StandInIntent = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency') ?? '',
          status: 'requires_payment_method',
          capture_method: form.get('capture_method') ?? 'automatic',
          client_secret: `${id}_secret_x`,
          customer: form.get('customer'),
          amount_capturable: 0,
          amount_received: 0,
          metadata: { userId: form.get('metadata[userId]') ?? '' },
          payment_method: null,
          last_payment_error: null,
        };
        intents.set(id, intent);
        return send(200, intent);
      }

      const cardMatch = /^\/v1\/payment_methods\/([^/]+)(?:\/(attach|detach))?$/.exec(url.pathname);
      if (cardMatch) {
        const card = cards.get(cardMatch[1]!);
        if (!card) return invalid('resource_missing', `No such PaymentMethod: '${cardMatch[1]}'`, 404);
        if (cardMatch[2] === 'attach') {
          const customer = form.get('customer') ?? '';
          if (!customers.has(customer)) return invalid('resource_missing', `No such customer: '${customer}'`, 404);
          if (card.customer && card.customer !== customer)
            return invalid('payment_method_unexpected_state', 'This PaymentMethod is attached to another customer.');
          if (card.spent)
            return invalid(
              'payment_method_unexpected_state',
              'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
            );
          card.customer = customer;
        } else if (cardMatch[2] === 'detach') {
          if (!card.customer)
            return invalid('payment_method_unexpected_state', 'The payment method is not attached to a customer.');
          Object.assign(card, { customer: null, spent: true });
        }
        return send(200, publicCard(card));
      }

      const match = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(url.pathname);
      const intent = match ? intents.get(match[1]!) : undefined;
      if (!intent) return invalid('resource_missing', 'No such payment_intent', 404);
      const unexpected = () =>
        invalid('payment_intent_unexpected_state', `This PaymentIntent's status is ${intent.status}.`);
      if (match?.[2] === 'capture') {
        if (intent.status !== 'requires_capture') return unexpected();
        Object.assign(intent, { status: 'succeeded', amount_received: intent.amount_capturable, amount_capturable: 0 });
      } else if (match?.[2] === 'cancel') {
        if (!['requires_payment_method', 'requires_capture', 'requires_action'].includes(intent.status))
          return unexpected();
        Object.assign(intent, { status: 'canceled', amount_capturable: 0 });
      }
      if (intent.payment_method) {
        // The card as Stripe holds it now (expand: ['payment_method']).
        const card = cards.get(intent.payment_method.id);
        if (card) intent.payment_method = publicCard(card);
      }
      return send(200, intent);
    })();
  });

  return {
    intents,
    customers,
    cards,
    calls,
    async start(): Promise<number> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as AddressInfo).port;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /** What Stripe.js does in the browser when the customer types a new card in (createPaymentMethod). */
    createCard(last4 = '4242'): string {
      return newCard(last4, null).id;
    },
    /**
     * What Stripe.js does in the browser when the card is confirmed: with a new card, or a saved one
     * (`paymentMethodId`). Stripe refuses a card attached to another customer than the intent's;
     * `unchecked` skips that rule, to see what the shop does if a payment ever got through anyway.
     */
    authorize(id: string, { last4 = '4242', paymentMethodId = '', unchecked = false } = {}) {
      const intent = intents.get(id)!;
      const card = paymentMethodId ? cards.get(paymentMethodId) : newCard(last4, null);
      if (!card) throw new Error(`stand-in: no such card ${paymentMethodId}`);
      if (!unchecked && card.customer !== null && card.customer !== intent.customer) {
        throw new Error('stand-in: the PaymentMethod belongs to another customer than the PaymentIntent');
      }
      // A card paid with while kept by no one can never be kept afterwards.
      if (card.customer === null) card.spent = true;
      Object.assign(intent, {
        status: 'requires_capture',
        amount_capturable: intent.amount,
        payment_method: publicCard(card),
      });
    },
  };
}

export type StripeStandIn = ReturnType<typeof stripeStandIn>;
