import { describe, expect, it } from 'vitest';
import { NEWSLETTER_MESSAGES as N } from '../newsletter-messages.ts';
import {
  NewsletterConfirmBodySchema,
  NewsletterSubscribeBodySchema,
  NewsletterUnsubscribeQuerySchema,
} from './newsletter.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('NewsletterSubscribeBodySchema', () => {
  it('takes a trimmed, lower-cased email', () => {
    expect(NewsletterSubscribeBodySchema.parse({ email: '  Reader@Example.COM ' })).toEqual({
      email: 'reader@example.com',
    });
  });

  it.each([
    ['', 'Email is required'],
    ['reader', 'Please enter a valid email'],
    ['a b@example.com', 'Please enter a valid email'],
  ])('refuses %j with %s', (email, message) => {
    expect(messagesOf(NewsletterSubscribeBodySchema.safeParse({ email }))).toContain(message);
  });
});

describe('newsletter link tokens', () => {
  it('needs a token, says so, and bounds its length', () => {
    expect(messagesOf(NewsletterConfirmBodySchema.safeParse({ token: ' ' }))).toEqual([N.noToken]);
    expect(messagesOf(NewsletterConfirmBodySchema.safeParse({}))).toEqual([N.noToken]);
    expect(messagesOf(NewsletterUnsubscribeQuerySchema.safeParse({ token: 'x'.repeat(201) }))).toEqual([
      N.confirmLinkInvalid,
    ]);
    expect(NewsletterUnsubscribeQuerySchema.parse({ token: 'abc_DEF-123' })).toEqual({ token: 'abc_DEF-123' });
  });
});
