import { describe, expect, it } from 'vitest';
import { trackingUrl } from './tracking.ts';

describe('trackingUrl', () => {
  it.each([
    ['UPS', '1Z999AA10123456784', 'https://www.ups.com/track?tracknum=1Z999AA10123456784'],
    [' ups ', '1Z999', 'https://www.ups.com/track?tracknum=1Z999'],
    ['USPS', '9400100000000000000000', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000'],
    ['FedEx Ground', '123456789012', 'https://www.fedex.com/fedextrack/?trknbr=123456789012'],
    ['Fed Ex', '1', 'https://www.fedex.com/fedextrack/?trknbr=1'],
    ['DHL Express', 'JD014600', 'https://www.dhl.com/global-en/home/tracking.html?tracking-id=JD014600'],
  ])('%s %s → the carrier page', (carrier, number, url) => {
    expect(trackingUrl(carrier, number)).toBe(url);
  });

  it('links no carrier it does not know, and no empty number', () => {
    expect(trackingUrl('Bob’s Van', '42')).toBeNull();
    expect(trackingUrl('Upstate Couriers', '42')).toBeNull();
    expect(trackingUrl('UPS', '  ')).toBeNull();
  });

  it('escapes whatever staff typed as the number', () => {
    expect(trackingUrl('UPS', 'a b&c=d')).toBe('https://www.ups.com/track?tracknum=a%20b%26c%3Dd');
  });
});
