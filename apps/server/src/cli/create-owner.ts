import { randomBytes } from 'node:crypto';
import { EmailSchema, NewPasswordSchema } from '@shopper/contract';
import type { Database } from '../db/client.ts';
import { hashPassword } from '../lib/passwords.ts';
import { createAuditService } from '../modules/audit/index.ts';
import { createEmailTokensService } from '../modules/auth/index.ts';
import { createStaffService, createUsersService } from '../modules/users/index.ts';

/** The one-time set-password link of a new owner stays valid this long (they may not be at a browser). */
export const OWNER_LINK_TTL_HOURS = 24;

export type CreateOwnerOutcome =
  | { kind: 'created'; email: string; setPasswordLink: string | undefined }
  | { kind: 'promoted'; email: string }
  | { kind: 'already-owner'; email: string };

/** Turns an email into a display name the storefront accepts (2-30 characters). */
function nameFromEmail(email: string): string {
  const local = (email.split('@')[0] ?? '').replace(/[^\p{L}\p{N} ._-]/gu, ' ').trim();
  return (local.length >= 2 ? local : 'Shop owner').slice(0, 30);
}

/** Throws the first rule a value breaks, as the storefront would word it. */
function parseOrThrow<T>(
  schema: {
    safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
  },
  value: unknown,
): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'invalid value');
  return parsed.data;
}

/**
 * `npm run admin -- create-owner <email>` (decision 018): the first owner of a real shop is made
 * at the command line, never through the storefront. A new account gets the piped password, or
 * when none is piped a one-time set-password link (the password is never typed into argv or echoed).
 * An existing account is made an owner and keeps its password. Audited with no actor.
 */
export async function createOwner(
  db: Database,
  {
    email: rawEmail,
    password,
    publicUrl,
    clock = () => new Date(),
  }: { email: string; password: string | undefined; publicUrl: string; clock?: () => Date },
): Promise<CreateOwnerOutcome> {
  const email = parseOrThrow(EmailSchema, rawEmail);
  if (password !== undefined) parseOrThrow(NewPasswordSchema(), password);
  const users = createUsersService({ db, clock });
  const staff = createStaffService({ db, clock, audit: createAuditService({ db, clock }) });
  const emailTokens = createEmailTokensService({ db, clock });

  return db.transaction(async (tx) => {
    const existing = await users.findByEmail(email, tx);
    if (existing) {
      if (existing.role === 'owner') return { kind: 'already-owner', email };
      await staff.promoteToOwner(tx, null, existing);
      return { kind: 'promoted', email };
    }
    // Without a password the account gets an unguessable one nobody knows, replaced through the link.
    const passwordHash = await hashPassword(password ?? randomBytes(32).toString('base64url'));
    const created = await users.insert(tx, {
      email,
      name: nameFromEmail(email),
      passwordHash,
      phone: '',
      termsAcceptedAt: null,
    });
    await users.markEmailVerified(tx, created.id);
    await staff.promoteToOwner(tx, null, created);
    if (password !== undefined) return { kind: 'created', email, setPasswordLink: undefined };
    const token = await emailTokens.issue(tx, {
      userId: created.id,
      purpose: 'reset-password',
      ttlMs: OWNER_LINK_TTL_HOURS * 60 * 60 * 1000,
      replacePrevious: true,
    });
    return { kind: 'created', email, setPasswordLink: `${publicUrl}/reset-password/${encodeURIComponent(token)}` };
  });
}
