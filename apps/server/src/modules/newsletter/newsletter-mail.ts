import { mailLayout, type OutgoingMail } from '../mail/index.ts';

/** Links of one subscription: where the web app confirms, and where it and mail clients unsubscribe. */
export type NewsletterLinks = {
  /** The web page that confirms in one click. */
  confirm: string;
  /** The web page that unsubscribes in one click (the link in the mail body). */
  unsubscribePage: string;
  /** The API endpoint a mail client POSTs to (RFC 8058 one-click unsubscribe). */
  unsubscribeEndpoint: string;
};

/**
 * RFC 2369 / RFC 8058: every newsletter mail names its unsubscribe endpoint, and says a bare POST
 * there is enough, so mail clients can offer their own one-click "Unsubscribe" button.
 */
export function listUnsubscribeHeaders(links: Pick<NewsletterLinks, 'unsubscribeEndpoint'>): Record<string, string> {
  return {
    'List-Unsubscribe': `<${links.unsubscribeEndpoint}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** Double opt-in: nothing is sent to the address but this until its owner follows the link. */
export function newsletterConfirmMail({ to, links }: { to: string; links: NewsletterLinks }): OutgoingMail {
  const lines = [
    'Someone, hopefully you, asked to get the SHOPPER newsletter at this address: new arrivals and exclusive offers.',
    'Confirm with the link below. It works for 48 hours. If it was not you, ignore this email and you will hear nothing more from us.',
  ];
  return {
    to,
    subject: 'Confirm your SHOPPER newsletter subscription',
    text: `${lines.join('\n\n')}\n\nConfirm your subscription: ${links.confirm}\n`,
    html: mailLayout('Confirm your subscription', lines, { label: 'Confirm subscription', url: links.confirm }),
  };
}

/** A newsletter mail: its words, then the unsubscribe link in the body and in the headers. */
function newsletterMail(
  to: string,
  subject: string,
  title: string,
  lines: string[],
  links: NewsletterLinks,
): OutgoingMail {
  return {
    to,
    subject,
    text: `${lines.join('\n\n')}\n\nUnsubscribe: ${links.unsubscribePage}\n`,
    html: mailLayout(title, lines, undefined, { label: 'Unsubscribe', url: links.unsubscribePage }),
    headers: listUnsubscribeHeaders(links),
  };
}

/** The first newsletter mail, sent on confirmation. */
export function newsletterWelcomeMail({ to, links }: { to: string; links: NewsletterLinks }): OutgoingMail {
  const lines = [
    "You're subscribed! We will email you about new arrivals and exclusive offers.",
    'You can unsubscribe at any time with the link at the bottom of every newsletter email.',
  ];
  return newsletterMail(to, 'Welcome to the SHOPPER newsletter', 'Welcome to the SHOPPER newsletter', lines, links);
}

/**
 * A subscribe form filled in for an address that is already subscribed. The form's answer is the
 * same as for a new address (it must not reveal subscribers); the owner of the address learns here.
 */
export function newsletterAlreadySubscribedMail({ to, links }: { to: string; links: NewsletterLinks }): OutgoingMail {
  const lines = [
    'Someone asked to subscribe this address to the SHOPPER newsletter, and it already is: nothing changed.',
    'If you would rather not get it any more, unsubscribe with the link below.',
  ];
  const subject = 'You are already subscribed to the SHOPPER newsletter';
  return newsletterMail(to, subject, 'You are already subscribed', lines, links);
}
