import { z } from 'zod';
import { EmailSchema } from './user.ts';

/** SPEC §7 leaves the newsletter call "not shown"; these are ours, in the SPEC's tone. */
export const NEWSLETTER_MESSAGES = {
  /** The same answer whether or not the address is known, so it reveals no subscriber. */
  checkInbox: 'Almost there! Check your inbox and click the link to confirm your subscription.',
  confirmed: "You're subscribed! We will email you about new arrivals and offers.",
  confirmLinkInvalid: 'This confirmation link is invalid or has expired. Please subscribe again.',
  unsubscribed: 'You have been unsubscribed and will not get our newsletter any more.',
  unsubscribeLinkInvalid: 'This unsubscribe link is invalid.',
  subscribeFailed: 'Failed to subscribe. Please try again.',
  confirmFailed: 'Failed to confirm your subscription. Please try again.',
  unsubscribeFailed: 'Failed to unsubscribe. Please try again.',
  noToken: 'No token found. Please use the link from your email.',
} as const;

export const NewsletterSubscribeBodySchema = z.object({ email: EmailSchema });
export type NewsletterSubscribeBody = z.infer<typeof NewsletterSubscribeBodySchema>;

/** A link token from a newsletter mail (confirm or unsubscribe): opaque, bounded. */
export const NewsletterTokenSchema = z
  .string({ error: NEWSLETTER_MESSAGES.noToken })
  .trim()
  .min(1, NEWSLETTER_MESSAGES.noToken)
  .max(200, NEWSLETTER_MESSAGES.confirmLinkInvalid);

export const NewsletterConfirmBodySchema = z.object({ token: NewsletterTokenSchema });
export const NewsletterUnsubscribeQuerySchema = z.object({ token: NewsletterTokenSchema });

export const NewsletterAnswerSchema = z.object({ success: z.literal(true), message: z.string() });
export type NewsletterAnswer = z.infer<typeof NewsletterAnswerSchema>;
