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
  automatic_payment_methods: { enabled: boolean; allow_redirects?: string } | null;
  setup_future_usage: string | null;
  payment_method: null | Omit<StandInCard, 'spent'>;
  last_payment_error: null | { code: string; decline_code?: string; message: string };
};

export type StandInRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
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
 * a customer cannot be attached later, and a repeated idempotency key answers the first result
 * (for refunds, errors included, as Stripe does for a request it began to execute).
 */
export function stripeStandIn() {
  const intents = new Map<string, StandInIntent>();
  const customers = new Map<string, StandInCustomer>();
  const cards = new Map<string, StandInCard>();
  const idempotent = new Map<string, unknown>();
  const refunds = new Map<string, StandInRefund>();
  /** Refunds answered with the refusal of `failNextRefund`, as Stripe refuses e.g. a disputed charge. */
  const refundFailures: { code: string; message: string }[] = [];
  const refundAnswers = new Map<string, { status: number; body: unknown }>();
  const calls: string[] = [];
  let next = 0;

  const read = (request: IncomingMessage) =>
    new Promise<URLSearchParams>((resolve) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => resolve(new URLSearchParams(text)));
    });

  const publicCard = ({ spent: _spent, ...card }: StandInCard) => card;

  const refundedOf = (intentId: string) =>
    [...refunds.values()].filter((r) => r.payment_intent === intentId).reduce((sum, r) => sum + r.amount, 0);

  function newRefund(intent: StandInIntent, amount: number, metadata: Record<string, string>): StandInRefund {
    next += 1;
    const refund: StandInRefund = {
      id: `re_standin_${next}`,
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
      metadata,
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  /** POST /v1/refunds: only of a captured payment, never more than is left of it. */
  function createRefund(form: URLSearchParams): { status: number; body: unknown } {
    const error = (status: number, code: string, message: string) => ({
      status,
      body: { error: { type: 'invalid_request_error', code, message } },
    });
    const intent = intents.get(form.get('payment_intent') ?? '');
    if (!intent) return error(404, 'resource_missing', `No such payment_intent: '${form.get('payment_intent')}'`);
    const forced = refundFailures.shift();
    if (forced) return error(400, forced.code, forced.message);
    if (intent.status !== 'succeeded')
      return error(400, 'charge_not_refundable', 'This PaymentIntent does not have a successful charge to refund.');
    const left = intent.amount_received - refundedOf(intent.id);
    const amount = form.has('amount') ? Number(form.get('amount')) : left;
    if (!Number.isInteger(amount) || amount < 1)
      return error(400, 'parameter_invalid_integer', 'Invalid positive integer');
    if (amount > left) {
      const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
      return error(
        400,
        'amount_too_large',
        `Refund amount (${usd(amount)}) is greater than unrefunded amount on charge (${usd(left)})`,
      );
    }
    const metadata: Record<string, string> = {};
    for (const [name, value] of form) {
      const key = /^metadata\[(.+)\]$/.exec(name)?.[1];
      if (key) metadata[key] = value;
    }
    return { status: 200, body: newRefund(intent, amount, metadata) };
  }

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

      if (request.method === 'POST' && url.pathname === '/v1/refunds') {
        // The adapter always names its key, so every refund key is remembered with its answer.
        const refundKey = typeof key === 'string' ? key : '';
        const earlier = refundAnswers.get(refundKey);
        const answer = earlier ?? createRefund(form);
        if (refundKey && !earlier) refundAnswers.set(refundKey, answer);
        return send(answer.status, answer.body);
      }

      if (request.method === 'GET' && url.pathname === '/v1/refunds') {
        const intentId = url.searchParams.get('payment_intent');
        const data = [...refunds.values()].filter((r) => !intentId || r.payment_intent === intentId).reverse();
        return send(200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
      }

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
          automatic_payment_methods: form.has('automatic_payment_methods[enabled]')
            ? {
                enabled: form.get('automatic_payment_methods[enabled]') === 'true',
                ...(form.has('automatic_payment_methods[allow_redirects]')
                  ? { allow_redirects: form.get('automatic_payment_methods[allow_redirects]')! }
                  : {}),
              }
            : null,
          setup_future_usage: form.get('setup_future_usage'),
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
    refunds,
    calls,
    /** The next refund call is refused with this Stripe error (once). */
    failNextRefund(code: string, message: string): void {
      refundFailures.push({ code, message });
    },
    /** A refund made by the account owner in Stripe's dashboard: no metadata of the shop's. */
    refundInDashboard(intentId: string, amount: number): StandInRefund {
      return newRefund(intents.get(intentId)!, amount, {});
    },
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
      // An intent that asks to keep its card attaches it to the intent's customer, as Stripe does;
      // otherwise a card paid with while kept by no one can never be kept afterwards.
      if (card.customer === null && intent.setup_future_usage && intent.customer) card.customer = intent.customer;
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
