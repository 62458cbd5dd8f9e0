import { type Order, OrderSchema } from '@shopper/contract';
import { describe, expect, it } from 'vitest';
import { orderConfirmationMail } from './order-mail.ts';

type Item = Pick<Order['items'][number], 'name' | 'size' | 'colourName' | 'quantity' | 'price'>;

function orderWith(items: Item[], charges: Partial<Order> = {}): Order {
  return OrderSchema.parse({
    _id: 'o-1',
    orderNumber: 'SH-10001',
    createdAt: '2026-11-01T10:00:00.000Z',
    items: items.map((item, index) => ({
      _id: `i-${index}`,
      productId: `p-${index}`,
      image: '/images/products/shirt-9aab8f-front.svg',
      colourId: item.colourName ? `c-${index}` : null,
      taxRate: 0,
      taxAmount: 0,
      ...item,
    })),
    itemsPrice: 177,
    discount: 0,
    couponCode: null,
    shippingAmount: 0,
    taxAmount: 0,
    totalAmount: 177,
    shippingMethod: 'standard',
    shippingMethodName: 'Standard',
    shippingTaxAmount: 0,
    pricesIncludeTax: false,
    orderStatus: 'Processing',
    shippingInfo: {
      name: 'Ada Lovelace',
      address: '12 Analytical Row',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62704',
      country: 'US',
      phoneNumber: '+1 555 123 4567',
    },
    paymentInfo: { paymentMethod: 'card', status: 'succeeded', brand: 'visa', last4: '4242' },
    paymentIntentId: 'pi_1',
    carrier: null,
    trackingNumber: null,
    trackingUrl: null,
    shippedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    refundedAmount: 0,
    refunds: [],
    ...charges,
  });
}

const mailOf = (items: Item[]) =>
  orderConfirmationMail({ to: 'ada@example.com', name: 'Ada', order: orderWith(items), link: 'https://shop.test/o/1' });

describe('orderConfirmationMail lines (decision 043)', () => {
  it('names the colour of a line that has one, in the text and the HTML', () => {
    const mail = mailOf([
      { name: 'Linen Shirt', size: 'M', colourName: 'Sage', quantity: 2, price: 59 },
      { name: 'Wool Scarf', size: 'One size', colourName: '', quantity: 1, price: 59 },
    ]);
    expect(mail.text).toContain('2 × Linen Shirt (Sage, size M) — $118.00');
    expect(mail.html).toContain('2 × Linen Shirt (Sage, size M) — $118.00');
    // A line without a colour reads as it always did.
    expect(mail.text).toContain('1 × Wool Scarf (size One size) — $59.00');
  });

  it('escapes a colour name in the HTML and keeps it literal in the text', () => {
    const mail = mailOf([{ name: 'Linen Shirt', size: 'M', colourName: '<b>Sage</b> & "Co"', quantity: 1, price: 59 }]);
    expect(mail.html).not.toContain('<b>Sage');
    expect(mail.html).toContain('&#60;b&#62;Sage&#60;/b&#62; &#38; &#34;Co&#34;');
    expect(mail.text).toContain('1 × Linen Shirt (<b>Sage</b> & "Co", size M)');
  });
});

describe('the shipping and tax lines', () => {
  const item = { name: 'Linen Shirt', size: 'M', colourName: '', quantity: 1, price: 177 };
  it('say "Shipping: Free" and "Tax" out of the box', () => {
    const { text } = orderConfirmationMail({
      to: 'a@example.com',
      name: 'Ada',
      order: orderWith([item]),
      link: 'https://shop/o',
    });
    expect(text).toContain('Shipping: Free\nTax: $0.00');
  });
  it('name a paid method and say "incl. VAT" when prices included it', () => {
    const order = orderWith([item], {
      shippingMethod: 'express',
      shippingMethodName: 'Express',
      shippingAmount: 15,
      taxAmount: 30.66,
      totalAmount: 192,
      pricesIncludeTax: true,
    });
    const { text, html } = orderConfirmationMail({ to: 'a@example.com', name: 'Ada', order, link: 'https://shop/o' });
    expect(text).toContain('Shipping (Express): $15.00\nincl. VAT: $30.66\nTotal: $192.00');
    expect(html).toContain('Shipping (Express): $15.00');
  });
});
