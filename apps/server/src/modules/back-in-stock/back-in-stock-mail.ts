import { mailLayout, type OutgoingMail } from '../mail/index.ts';
import type { BackInStockLinks } from './back-in-stock-links.ts';

/** What a mail names: the product, and the colour and size waited for, e.g. "Linen Shirt (Sage, M)". */
export type WaitedItem = { label: string };

/** RFC 2369 / RFC 8058: mail clients may offer their own one-click "Unsubscribe" button. */
function unsubscribeHeaders(links: BackInStockLinks): Record<string, string> {
  return {
    'List-Unsubscribe': `<${links.unsubscribeEndpoint}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

function withUnsubscribe(
  to: string,
  subject: string,
  title: string,
  lines: string[],
  links: BackInStockLinks,
  action?: { label: string; url: string },
): OutgoingMail {
  const actionText = action ? `\n\n${action.label}: ${action.url}` : '';
  return {
    to,
    subject,
    text: `${lines.join('\n\n')}${actionText}\n\nUnsubscribe: ${links.unsubscribePage}\n`,
    html: mailLayout(title, lines, action, { label: 'Unsubscribe', url: links.unsubscribePage }),
    headers: unsubscribeHeaders(links),
  };
}

/** Double opt-in for a guest: nothing else goes to the address until its owner follows the link. */
export function backInStockConfirmMail(to: string, item: WaitedItem, links: BackInStockLinks): OutgoingMail {
  const lines = [
    `Someone, hopefully you, asked us to email this address once when ${item.label} is back in stock.`,
    'Confirm with the link below. It works for 48 hours. If it was not you, ignore this email and you will hear nothing more from us.',
  ];
  const confirm = links.confirm ?? links.unsubscribePage;
  return withUnsubscribe(to, `Confirm: tell me when ${item.label} is back`, 'Confirm your request', lines, links, {
    label: 'Confirm',
    url: confirm,
  });
}

/** Asked again for a variant this address already waits for: the answer on the page is the same. */
export function backInStockAlreadyWaitingMail(to: string, item: WaitedItem, links: BackInStockLinks): OutgoingMail {
  const lines = [
    `Someone asked us to email this address when ${item.label} is back in stock, and you are already on the list: nothing changed.`,
    'We will email you once, as soon as it is back.',
  ];
  return withUnsubscribe(to, `You are on the list for ${item.label}`, 'You are already on the list', lines, links);
}

/** The one mail a request is for: the size is back, with a link to the product in that colour and size. */
export function backInStockMail(
  to: string,
  item: WaitedItem,
  productUrl: string,
  links: BackInStockLinks,
): OutgoingMail {
  const lines = [
    `Good news: ${item.label} is back in stock.`,
    'Stock can go quickly. This is the only email we send about it; ask again on the product page if you miss it.',
  ];
  return withUnsubscribe(to, `${item.label} is back in stock`, 'It is back in stock', lines, links, {
    label: 'Shop it now',
    url: productUrl,
  });
}
