/**
 * How the test-mode provider hands its signed webhooks to the shop. Production uses 'immediate';
 * tests choose the awkward orders a real provider can produce, and flush or await them by hand
 * instead of sleeping.
 */
export const WEBHOOK_DELIVERY_MODES = ['immediate', 'late', 'twice', 'scrambled', 'out-of-order', 'none'] as const;
export type WebhookDeliveryMode = (typeof WEBHOOK_DELIVERY_MODES)[number];

export type SignedWebhook = { body: string; signature: string };
export type WebhookSender = (webhook: SignedWebhook) => Promise<void>;

export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;

/** 'scrambled': each copy waits up to this long, so events overtake each other and the browser. */
const SCRAMBLE_MS = 300;

export function createWebhookDelivery({ mode = 'immediate' }: { mode?: WebhookDeliveryMode } = {}) {
  let sender: WebhookSender | undefined;
  const held: SignedWebhook[] = [];
  const inFlight = new Set<Promise<void>>();
  const delivered: SignedWebhook[] = [];

  function send(webhook: SignedWebhook): void {
    if (!sender) return;
    // A failed delivery is what the reconciliation sweep exists for; it never fails the sender.
    const attempt = sender(webhook)
      .then(() => {
        delivered.push(webhook);
      })
      .catch(() => undefined)
      .finally(() => inFlight.delete(attempt));
    inFlight.add(attempt);
  }

  function sendLater(webhook: SignedWebhook, delayMs: number): void {
    const waiting: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, delayMs))
      .then(() => send(webhook))
      .finally(() => inFlight.delete(waiting));
    inFlight.add(waiting);
  }

  return {
    mode,
    /** The app connects its own webhook endpoint here. */
    connect(send: WebhookSender): void {
      sender = send;
    },
    emit(webhook: SignedWebhook): void {
      if (mode === 'none') return;
      if (mode === 'late' || mode === 'out-of-order') {
        held.push(webhook);
        return;
      }
      if (mode === 'scrambled') {
        sendLater(webhook, Math.random() * SCRAMBLE_MS);
        sendLater(webhook, Math.random() * SCRAMBLE_MS);
        return;
      }
      send(webhook);
      if (mode === 'twice') send(webhook);
    },
    /** Delivers what 'late' and 'out-of-order' held back (newest first for 'out-of-order') and waits. */
    async flush(): Promise<void> {
      const batch = held.splice(0, held.length);
      if (mode === 'out-of-order') batch.reverse();
      for (const webhook of batch) {
        send(webhook);
        await this.settled();
      }
      await this.settled();
    },
    /** Waits until every delivery started so far has been answered. */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    /** Held back, not yet delivered. */
    get heldCount(): number {
      return held.length;
    },
    /** Answered by the shop (tests read the event types). */
    get delivered(): readonly SignedWebhook[] {
      return delivered;
    },
  };
}
