import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe on newsletter mail. */
  headers?: Record<string, string>;
};

/**
 * Queues a message. Pass the transaction that makes the change the mail is about, so the mail is
 * written exactly when the change commits; the background sender delivers it afterwards.
 */
export async function enqueueMail(db: Database, mail: OutgoingMail): Promise<void> {
  await db.insert(mailOutbox).values(mail);
}
