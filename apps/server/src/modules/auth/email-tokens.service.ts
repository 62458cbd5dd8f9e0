import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { EMAIL_TOKEN_PURPOSES } from '../../db/schema.ts';
import { emailTokens } from '../../db/schema.ts';
import { hashToken, newOpaqueToken } from '../../lib/opaque-tokens.ts';

export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];
export type EmailTokenRow = typeof emailTokens.$inferSelect;

export type EmailTokensService = ReturnType<typeof createEmailTokensService>;

/** Single-use link tokens sent by mail; only their SHA-256 hash is stored. */
export function createEmailTokensService({ db, clock }: { db: Database; clock: () => Date }) {
  async function issue(
    tx: Database,
    {
      userId,
      purpose,
      ttlMs,
      replacePrevious,
    }: { userId: string; purpose: EmailTokenPurpose; ttlMs: number; replacePrevious: boolean },
  ): Promise<string> {
    const now = clock();
    if (replacePrevious) {
      // Only the newest link works: older unused ones are spent.
      await tx
        .update(emailTokens)
        .set({ usedAt: now })
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
    }
    const token = newOpaqueToken();
    await tx.insert(emailTokens).values({
      userId,
      purpose,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
    });
    return token;
  }

  async function find(token: string, purpose: EmailTokenPurpose): Promise<EmailTokenRow | undefined> {
    const [row] = await db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose)))
      .limit(1);
    return row;
  }

  /** Marks a token used if nobody did first; false when it was already spent (a concurrent click). */
  async function spend(tx: Database, id: string): Promise<boolean> {
    const rows = await tx
      .update(emailTokens)
      .set({ usedAt: clock() })
      .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt)))
      .returning({ id: emailTokens.id });
    return rows.length === 1;
  }

  return { issue, find, spend, isLive: (row: EmailTokenRow) => row.usedAt === null && row.expiresAt > clock() };
}
