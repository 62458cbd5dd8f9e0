import { describe, expect, it } from 'vitest';
import { createWebhookDelivery, type SignedWebhook } from './webhook-delivery.ts';

describe('test-mode webhook delivery', () => {
  it("'scrambled' delivers every webhook twice, in an order that is not always the emitted one", async () => {
    let isReordered = false;
    for (let round = 0; round < 20 && !isReordered; round += 1) {
      const delivery = createWebhookDelivery({ mode: 'scrambled' });
      const received: string[] = [];
      delivery.connect(async (webhook: SignedWebhook) => {
        received.push(webhook.body);
      });
      for (const body of ['a', 'b', 'c']) delivery.emit({ body, signature: 's' });
      await delivery.settled();
      expect([...received].sort()).toEqual(['a', 'a', 'b', 'b', 'c', 'c']);
      isReordered = received.join('') !== 'aabbcc';
    }
    expect(isReordered).toBe(true);
  });
});
