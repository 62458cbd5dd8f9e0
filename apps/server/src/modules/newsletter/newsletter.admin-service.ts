import type { Database } from '../../db/client.ts';
import type { AuditService } from '../audit/index.ts';
import type { NewsletterService } from './newsletter.service.ts';

export type NewsletterAdminService = ReturnType<typeof createNewsletterAdminService>;

/**
 * A spreadsheet would run a cell starting with = + - @ (or a tab/CR) as a formula; such emails are
 * valid, so the cell is written with a leading apostrophe instead (OWASP "CSV injection").
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The owner's CSV of confirmed subscribers; every export is audited (who took the list, when, how many). */
export function createNewsletterAdminService({
  db,
  newsletter,
  audit,
}: {
  db: Database;
  newsletter: Pick<NewsletterService, 'listConfirmed'>;
  audit: AuditService;
}) {
  return {
    async csv(actorId: string): Promise<{ csv: string; count: number }> {
      const subscribers = await newsletter.listConfirmed();
      const lines = [
        'email,confirmed_at',
        ...subscribers.map((s) => `${csvCell(s.email)},${s.confirmedAt.toISOString()}`),
      ];
      await audit.record(db, {
        actorId,
        action: 'newsletter.export',
        entity: 'newsletter',
        entityId: 'subscribers',
        after: { count: subscribers.length },
      });
      return { csv: `${lines.join('\r\n')}\r\n`, count: subscribers.length };
    },
  };
}
