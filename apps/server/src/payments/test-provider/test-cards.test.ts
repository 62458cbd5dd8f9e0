import { CARD_ERRORS, TEST_CARDS } from '@shopper/contract';
import { describe, expect, it } from 'vitest';
import { isValidWebhookSignature, signWebhook } from '../webhook-signature.ts';
import { cardBrand, digitsOf, evaluateCard, passesLuhn } from './test-cards.ts';

const NOW = new Date('2026-06-15T00:00:00Z');
const card = (number: string, change: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...change,
});

describe('Luhn', () => {
  it('accepts every test card and rejects a changed digit or junk', () => {
    for (const c of TEST_CARDS) expect(passesLuhn(digitsOf(c.number))).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('4242')).toBe(false);
    expect(passesLuhn('4242abcd42424242')).toBe(false);
  });

  it('names brands by prefix', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
  });
});

describe('test-card outcomes', () => {
  it('follows the table of docs/product.md#test-cards', () => {
    for (const c of TEST_CARDS) {
      const result = evaluateCard(card(c.number), NOW);
      expect(result.outcome).toBe(c.outcome);
      if (result.outcome === 'declined') expect(result.message).toBe(CARD_ERRORS[c.error!]);
    }
  });

  it('checks number, expiry and CVC before the card itself', () => {
    expect(evaluateCard(card('4242 4242 4242 4241'), NOW)).toMatchObject({ message: CARD_ERRORS.incorrect_number });
    expect(evaluateCard(card('4242424242424242', { expYear: 2025 }), NOW)).toMatchObject({
      message: CARD_ERRORS.invalid_expiry_year_past,
    });
    expect(evaluateCard(card('4242424242424242', { expYear: 26, expMonth: 5 }), NOW)).toMatchObject({
      message: CARD_ERRORS.invalid_expiry_month_past,
    });
    expect(evaluateCard(card('4242424242424242', { expMonth: 13 }), NOW)).toMatchObject({
      message: CARD_ERRORS.invalid_expiry_month,
    });
    expect(evaluateCard(card('4242424242424242', { cvc: '12' }), NOW)).toMatchObject({
      message: CARD_ERRORS.invalid_cvc,
    });
    expect(evaluateCard(card('378282246310005', { cvc: '1234' }), NOW)).toEqual({ outcome: 'succeeded' });
    expect(evaluateCard(card('4242424242424242', { expYear: 26, expMonth: 6 }), NOW)).toEqual({ outcome: 'succeeded' });
  });
});

describe('webhook signatures', () => {
  const body = '{"id":"evt_1"}';
  it('verifies its own signature within the tolerance only', () => {
    const header = signWebhook('whsec_a', body, 1_000);
    expect(isValidWebhookSignature('whsec_a', body, header, 1_010)).toBe(true);
    expect(isValidWebhookSignature('whsec_b', body, header, 1_010)).toBe(false);
    expect(isValidWebhookSignature('whsec_a', `${body} `, header, 1_010)).toBe(false);
    expect(isValidWebhookSignature('whsec_a', body, header, 2_000)).toBe(false);
    expect(isValidWebhookSignature('whsec_a', body, undefined, 1_000)).toBe(false);
    expect(isValidWebhookSignature('whsec_a', body, 'garbage', 1_000)).toBe(false);
  });
});
