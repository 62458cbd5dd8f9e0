import type { OutgoingMail } from './mail-outbox.ts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export type MailAction = { label: string; url: string };

/** The shop's mail page; `footer` is a small-print link under the card (e.g. unsubscribe). */
export function mailLayout(title: string, paragraphs: string[], action?: MailAction, footer?: MailAction): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const small = footer
    ? `<p style="max-width:520px;margin:16px auto 0;font-size:12px;color:#78716c;text-align:center"><a href="${escapeHtml(footer.url)}" style="color:#78716c">${escapeHtml(footer.label)}</a></p>`
    : '';
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1c1917;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#57534e">Or paste this link into your browser: ${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;color:#1c1917;background:#fafaf9;padding:24px"><div style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:32px"><p style="font-family:Georgia,serif;font-size:22px;letter-spacing:2px;margin:0 0 24px">SHOPPER</p><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}${button}</div>${small}</body></html>`;
}

export function verificationMail({ to, name, link }: { to: string; name: string; link: string }): OutgoingMail {
  const subject = 'Verify your email for SHOPPER';
  const lines = [
    `Hi ${name},`,
    'Welcome to SHOPPER! Please confirm your email address so you can check out and manage your orders.',
    'This link works once and expires in 24 hours.',
  ];
  return {
    to,
    subject,
    text: `${lines.join('\n\n')}\n\nVerify your email: ${link}\n`,
    html: mailLayout('Confirm your email', lines, { label: 'Verify email', url: link }),
  };
}

export function passwordResetMail({ to, name, link }: { to: string; name: string; link: string }): OutgoingMail {
  const subject = 'Reset your SHOPPER password';
  const lines = [
    `Hi ${name},`,
    'Someone asked to reset the password of your SHOPPER account. If it was you, choose a new password with the link below.',
    'The link works once and expires in 1 hour. If you did not ask for it, you can ignore this email.',
  ];
  return {
    to,
    subject,
    text: `${lines.join('\n\n')}\n\nReset your password: ${link}\n`,
    html: mailLayout('Reset your password', lines, { label: 'Choose a new password', url: link }),
  };
}

export function passwordChangedMail({
  to,
  name,
  supportUrl,
}: {
  to: string;
  name: string;
  supportUrl: string;
}): OutgoingMail {
  const subject = 'Your SHOPPER password was changed';
  const lines = [
    `Hi ${name},`,
    'The password of your SHOPPER account was just changed, and your other devices were signed out.',
    'If this was not you, reset your password right away and contact customer support.',
  ];
  return {
    to,
    subject,
    text: `${lines.join('\n\n')}\n\nReset your password: ${supportUrl}\n`,
    html: mailLayout('Your password was changed', lines, { label: 'Reset my password', url: supportUrl }),
  };
}
