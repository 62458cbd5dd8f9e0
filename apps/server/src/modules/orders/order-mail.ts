import {
  countryName,
  formatUsd,
  type Order,
  shippingAmountText,
  shippingLineLabel,
  taxLineLabel,
} from '@shopper/contract';
import type { OutgoingMail } from '../mail/index.ts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Sent in the transaction that writes the order, so it goes out exactly when the order exists. */
export function orderConfirmationMail({
  to,
  name,
  order,
  link,
}: {
  to: string;
  name: string;
  order: Order;
  link: string;
}): OutgoingMail {
  const subject = `Your SHOPPER order ${order.orderNumber}`;
  const itemLines = order.items.map(
    (item) =>
      `${item.quantity} × ${item.name} (${item.colourName ? `${item.colourName}, ` : ''}size ${item.size}) — ${formatUsd(item.price * item.quantity)}`,
  );
  const totals = [
    `Items: ${formatUsd(order.itemsPrice)}`,
    ...(order.discount > 0
      ? [`Discount${order.couponCode ? ` (${order.couponCode})` : ''}: −${formatUsd(order.discount)}`]
      : []),
    `${shippingLineLabel(order.shippingMethodName)}: ${shippingAmountText(order.shippingAmount)}`,
    `${taxLineLabel(order.pricesIncludeTax)}: ${formatUsd(order.taxAmount)}`,
    `Total: ${formatUsd(order.totalAmount)}`,
  ];
  const s = order.shippingInfo;
  const address = [s.name, s.address, `${s.city}, ${s.state} ${s.postalCode}`, countryName(s.country) ?? s.country];
  const intro = `Hi ${name}, thank you for your order! We are getting it ready and will let you know when it ships.`;
  const text = [
    intro,
    `Order ${order.orderNumber}`,
    itemLines.join('\n'),
    totals.join('\n'),
    `Ship to:\n${address.join('\n')}`,
    `View your order: ${link}`,
  ].join('\n\n');
  const list = (lines: string[]) => lines.map((l) => escapeHtml(l)).join('<br>');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:system-ui,sans-serif;color:#1c1917;background:#fafaf9;padding:24px"><div style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:32px"><p style="font-family:Georgia,serif;font-size:22px;letter-spacing:2px;margin:0 0 24px">SHOPPER</p><h1 style="font-size:20px;margin:0 0 16px">Order ${escapeHtml(order.orderNumber)}</h1><p>${escapeHtml(intro)}</p><p>${list(itemLines)}</p><p>${list(totals)}</p><p>${list(address)}</p><p><a href="${escapeHtml(link)}">View your order</a></p></div></body></html>`;
  return { to, subject, text: `${text}\n`, html };
}
