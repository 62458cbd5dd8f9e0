import { describe, expect, it } from 'vitest';
import { orderStatusMail } from './order-status-mail.ts';

const mail = (carrier: string, trackingNumber: string) =>
  orderStatusMail({
    to: 'ada@example.com',
    name: 'Ada',
    orderNumber: 'SH-10001',
    link: 'http://shop.test/order-confirmation/o-1',
    change: { kind: 'shipped', carrier, trackingNumber },
  });

describe('orderStatusMail shipped', () => {
  it('names the carrier and number, and links the carrier’s tracking page when it knows the carrier', () => {
    const shipped = mail('UPS', '1Z999AA10123456784');
    expect(shipped.subject).toBe('Your SHOPPER order SH-10001 has shipped');
    expect(shipped.text).toContain('Tracking number: 1Z999AA10123456784');
    expect(shipped.text).toContain('Track your parcel: https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(shipped.html).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
  });

  it('has no tracking link for a carrier it does not know, and escapes what staff typed', () => {
    const shipped = mail('<b>Van</b>', 'X&1');
    expect(shipped.text).not.toContain('Track your parcel');
    expect(shipped.html).toContain('&#60;b&#62;Van&#60;/b&#62;');
    expect(shipped.html).not.toContain('<b>Van');
  });
});
