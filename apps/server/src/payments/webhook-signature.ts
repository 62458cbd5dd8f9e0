import { createHmac, timingSafeEqual } from 'node:crypto';

/** Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + '.' + body)>`. */
export function signWebhook(secret: string, body: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

/** Replayed deliveries older than this are refused, as Stripe's SDK does by default. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function isValidWebhookSignature(
  secret: string,
  body: string,
  header: string | undefined,
  nowSeconds: number,
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((part) => part.split('=', 2) as [string, string | undefined]);
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signWebhook(secret, body, timestamp).split('v1=')[1] ?? '', 'hex');
  return parts
    .filter(([key]) => key === 'v1')
    .some(([, value]) => {
      const given = Buffer.from(value ?? '', 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}
