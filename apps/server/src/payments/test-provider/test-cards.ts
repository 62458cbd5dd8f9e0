import { CARD_ERRORS, type CardErrorCode, TEST_CARDS, type TestCard } from '@shopper/contract';

export function digitsOf(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, '');
}

/** The Luhn checksum every real card number passes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

export type CardOutcome =
  | { outcome: 'succeeded' }
  | { outcome: 'requires_action' }
  | { outcome: 'declined'; code: CardErrorCode; message: string };

const decline = (code: CardErrorCode): CardOutcome => ({ outcome: 'declined', code, message: CARD_ERRORS[code] });

/**
 * What the test-mode provider does with a card: the checks a real provider makes on any card
 * (checksum, expiry, CVC format), then the behaviour of the test cards of docs/product.md#test-cards. Any other
 * well-formed number is accepted, as in Stripe's test mode.
 */
export function evaluateCard(card: TestCard, now: Date): CardOutcome {
  const digits = digitsOf(card.number);
  if (!passesLuhn(digits)) return decline('incorrect_number');
  if (card.expMonth < 1 || card.expMonth > 12) return decline('invalid_expiry_month');
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisYear = now.getUTCFullYear();
  if (year < thisYear) return decline('invalid_expiry_year_past');
  if (year === thisYear && card.expMonth < now.getUTCMonth() + 1) return decline('invalid_expiry_month_past');
  const cvcLength = cardBrand(digits) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) return decline('invalid_cvc');

  const testCard = TEST_CARDS.find((c) => digitsOf(c.number) === digits);
  if (!testCard || testCard.outcome === 'succeeded') return { outcome: 'succeeded' };
  if (testCard.outcome === 'requires_action') return { outcome: 'requires_action' };
  return decline(testCard.error);
}
