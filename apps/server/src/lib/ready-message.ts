import type { Config } from '../config.ts';
import { DEMO_STAFF } from '../db/seed/demo-staff.ts';

type ReadyConfig = Pick<
  Config,
  'demo' | 'publicUrl' | 'adminUrl' | 'smtpUrl' | 'rateLimitScale' | 'rateLimitScaleReason'
>;

/**
 * What the server says once it listens. A demo is started by someone trying the shop out, who
 * needs the addresses to open and the owner's sign-in more than anything else on the screen; a
 * real shop gets one line an operator can search for.
 */
export function readyMessage(config: ReadyConfig, database: { kind: string; dataDir?: string }): string {
  const shop = config.publicUrl;
  const apiDocs = `${config.publicUrl}/api/docs`;
  if (!config.demo) {
    // Loosened limits are allowed in production only with a reason (config.ts); it is on record here.
    const loosened =
      config.rateLimitScale > 1 ? `; rate limits x${config.rateLimitScale}: ${config.rateLimitScaleReason ?? ''}` : '';
    return `SHOPPER is ready on ${shop} (back office ${config.adminUrl}, API docs ${apiDocs})${loosened}`;
  }
  const owner = DEMO_STAFF.find((account) => account.role === 'owner');
  const lines = [
    'The SHOPPER demo is ready.',
    `  Shop:         ${shop}`,
    `  Back office:  ${config.adminUrl}`,
    ...(owner ? [`                sign in as ${owner.email} with the password ${owner.password}`] : []),
    `  API docs:     ${apiDocs}`,
    config.smtpUrl
      ? '  Mail:         sent through SMTP_URL'
      : `  Mailbox:      ${shop}/dev/mailbox  (every e-mail the shop sends lands here)`,
    database.kind === 'embedded' && database.dataDir
      ? `  Data:         ${database.dataDir}  (the embedded PostgreSQL)`
      : `  Data:         PostgreSQL at DATABASE_URL`,
    '  Stop with Ctrl-C.',
  ];
  return lines.join('\n');
}
