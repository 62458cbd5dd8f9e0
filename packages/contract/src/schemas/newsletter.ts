import { z } from 'zod';
import { NEWSLETTER_MESSAGES } from '../newsletter-messages.ts';
import { EmailSchema } from './user.ts';

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
