import { formatUsd, trackingUrl } from '@shopper/contract';
import type { OutgoingMail } from '../mail/index.ts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export type StatusMailKind =
  | { kind: 'shipped'; carrier: string; trackingNumber: string }
  | { kind: 'delivered' }
  | { kind: 'cancelled'; refundedAmount: number }
  | { kind: 'refunded'; amount: number };

function trackingLine(carrier: string, trackingNumber: string): string[] {
  const url = trackingUrl(carrier, trackingNumber);
  return url ? [`Track your parcel: ${url}`] : [];
}

function lines(orderNumber: string, change: StatusMailKind): { subject: string; body: string[] } {
  switch (change.kind) {
    case 'shipped':
      return {
        subject: `Your SHOPPER order ${orderNumber} has shipped`,
        body: [
          `Good news: order ${orderNumber} is on its way.`,
          `Carrier: ${change.carrier}`,
          `Tracking number: ${change.trackingNumber}`,
          ...trackingLine(change.carrier, change.trackingNumber),
        ],
      };
    case 'delivered':
      return {
        subject: `Your SHOPPER order ${orderNumber} was delivered`,
        body: [`Order ${orderNumber} was delivered. We hope you enjoy it!`],
      };
    case 'cancelled':
      return {
        subject: `Your SHOPPER order ${orderNumber} was cancelled`,
        body: [
          `Order ${orderNumber} was cancelled.`,
          change.refundedAmount > 0
            ? `We refunded ${formatUsd(change.refundedAmount)} to your card; banks take a few days to show it.`
            : 'No money was taken.',
        ],
      };
    case 'refunded':
      return {
        subject: `A refund on your SHOPPER order ${orderNumber}`,
        body: [
          `We refunded ${formatUsd(change.amount)} on order ${orderNumber} to your card; banks take a few days to show it.`,
        ],
      };
  }
}

/** docs/product.md#order-lifecycle: the customer hears of every status change; queued in the change's transaction. */
export function orderStatusMail({
  to,
  name,
  orderNumber,
  link,
  change,
}: {
  to: string;
  name: string;
  orderNumber: string;
  link: string;
  change: StatusMailKind;
}): OutgoingMail {
  const { subject, body } = lines(orderNumber, change);
  const paragraphs = [`Hi ${name},`, ...body, `View your order: ${link}`];
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:system-ui,sans-serif;color:#1c1917;background:#fafaf9;padding:24px"><div style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:32px"><p style="font-family:Georgia,serif;font-size:22px;letter-spacing:2px;margin:0 0 24px">SHOPPER</p>${paragraphs
    .slice(0, -1)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('')}<p><a href="${escapeHtml(link)}">View your order</a></p></div></body></html>`;
  return { to, subject, text: `${paragraphs.join('\n\n')}\n`, html };
}
