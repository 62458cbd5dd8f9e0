import { mailLayout, type OutgoingMail } from '../mail/index.ts';

export type ReturnMailKind =
  | { kind: 'requested'; windowDays: number }
  | { kind: 'approved'; message: string }
  | { kind: 'refused'; message: string }
  | { kind: 'received' };

function lines(returnNumber: string, orderNumber: string, change: ReturnMailKind) {
  switch (change.kind) {
    case 'requested':
      return {
        subject: `Your SHOPPER return ${returnNumber} is requested`,
        title: 'We have your return request',
        body: [
          `Your return number is ${returnNumber}, for order ${orderNumber}.`,
          'What happens next: we look at your request and mail you within two working days. Please keep the items unworn, with their labels on, until then.',
          'Once we approve it, pack the items with a note of the return number and send them to the address in that mail.',
        ],
      };
    case 'approved':
      return {
        subject: `Your SHOPPER return ${returnNumber} is approved`,
        title: 'Your return is approved',
        body: [
          `Return ${returnNumber} for order ${orderNumber} is approved.`,
          'Pack the items with a note of the return number and send them to: SHOPPER Returns, 1 Warehouse Way, Springfield.',
          ...(change.message ? [`A note from us: ${change.message}`] : []),
          'We refund you as soon as they arrive.',
        ],
      };
    case 'refused':
      return {
        subject: `Your SHOPPER return ${returnNumber} was refused`,
        title: 'We cannot accept this return',
        body: [`We are sorry: return ${returnNumber} for order ${orderNumber} was refused.`, `Why: ${change.message}`],
      };
    case 'received':
      return {
        subject: `We received your SHOPPER return ${returnNumber}`,
        title: 'Your return arrived',
        body: [
          `The items of return ${returnNumber} (order ${orderNumber}) arrived at our warehouse.`,
          'Your refund follows shortly; you will get one more mail when it is on its way to your card.',
        ],
      };
  }
}

/** docs/after-purchase.md#the-mails-of-one-return-in-order: one mail per step of a return, queued in the step's transaction. */
export function returnMail(args: {
  to: string;
  name: string;
  returnNumber: string;
  orderNumber: string;
  link: string;
  change: ReturnMailKind;
}): OutgoingMail {
  const { subject, title, body } = lines(args.returnNumber, args.orderNumber, args.change);
  const paragraphs = [`Hi ${args.name},`, ...body];
  return {
    to: args.to,
    subject,
    text: `${paragraphs.join('\n\n')}\n\nView your order: ${args.link}\n`,
    html: mailLayout(title, paragraphs, { label: 'View your order', url: args.link }),
  };
}
