import { describe, expect, it } from 'vitest';
import { passwordChangedMail, passwordResetMail, verificationMail } from './mail-templates.ts';

const link = 'https://shop.example/verify-email?token=tok_123';
const hostile = '<script>alert(1)</script>';

const cases = [
  {
    name: 'verification',
    mail: verificationMail({ to: 'ada@example.com', name: 'Ada', link }),
    subject: 'Verify your email for SHOPPER',
  },
  {
    name: 'password reset',
    mail: passwordResetMail({ to: 'ada@example.com', name: 'Ada', link }),
    subject: 'Reset your SHOPPER password',
  },
  {
    name: 'password changed',
    mail: passwordChangedMail({ to: 'ada@example.com', name: 'Ada', supportUrl: link }),
    subject: 'Your SHOPPER password was changed',
  },
];

describe.each(cases)('$name mail', ({ mail, subject }) => {
  it('has its subject, recipient, greeting and both parts', () => {
    expect(mail.subject).toBe(subject);
    expect(mail.to).toBe('ada@example.com');
    expect(mail.text).toContain('Hi Ada,');
    expect(mail.html).toContain('Hi Ada,');
    expect(mail.html).toMatch(/^<!doctype html>/i);
    expect(mail.text).not.toMatch(/<[a-z]/i);
  });

  it('carries the link in the text and as a button in the HTML', () => {
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
  });
});

describe('escaping', () => {
  it('escapes a hostile name and link in the HTML, and keeps the text literal', () => {
    const mail = verificationMail({ to: 'x@example.com', name: hostile, link: 'https://shop.example/v?a=1&b="2"' });

    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
    expect(mail.html).toContain('href="https://shop.example/v?a=1&#38;b=&#34;2&#34;"');
    expect(mail.text).toContain(`Hi ${hostile},`);
  });

  it('escapes the name in every template', () => {
    for (const mail of [
      passwordResetMail({ to: 'x@example.com', name: hostile, link }),
      passwordChangedMail({ to: 'x@example.com', name: hostile, supportUrl: link }),
    ]) {
      expect(mail.html).not.toContain('<script>');
    }
  });
});
