/**
 * A carrier's public tracking page for a parcel, for the carriers shops here ship with most (docs/product.md#order-lifecycle).
 * Staff type the carrier freely in the back office, so the name is matched loosely ('ups', 'FedEx
 * Ground', 'DHL Express'); an unknown carrier gets no link rather than a guessed one.
 */
const CARRIER_PAGES: readonly { pattern: RegExp; url: (trackingNumber: string) => string }[] = [
  { pattern: /^usps\b|^us postal/, url: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}` },
  { pattern: /^ups\b/, url: (n) => `https://www.ups.com/track?tracknum=${n}` },
  { pattern: /^fed\s?ex\b/, url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  { pattern: /^dhl\b/, url: (n) => `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${n}` },
];

export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const name = carrier.trim().toLowerCase();
  const number = trackingNumber.trim();
  if (!number) return null;
  const page = CARRIER_PAGES.find((c) => c.pattern.test(name));
  return page ? page.url(encodeURIComponent(number)) : null;
}
