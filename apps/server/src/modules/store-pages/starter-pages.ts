import type { StorePageSlug } from '@shopper/contract';

/** Days a customer has to send an item back, as the starter Returns page says it. */
export const STARTER_RETURN_DAYS = 30;

const ADAPT =
  '> **Starter text.** This page was written for any small shop and is not legal advice. ' +
  'Adapt it to your shop, and have it checked, before you open.';

/**
 * The text a fresh shop (and the demo) shows until the owner saves their own: honest about what
 * the software does, and marked at the top for the owner to adapt.
 */
export const STARTER_PAGES: Record<StorePageSlug, string> = {
  terms: `${ADAPT}

## Who we are
This shop is run by the business named on the [contact page](/pages/contact). By creating an
account or placing an order you accept these terms.

## Orders and payment
The checkout shows the price, tax and shipping before you pay. Your card is charged once your
order is confirmed; if an item sold out meanwhile, no order is made and the payment is released.

## Delivery and returns
See [Shipping](/pages/shipping) and [Returns](/pages/returns).

## Your account
Keep your password to yourself. You can download your data or delete your account from your
profile at any time; see the [privacy policy](/pages/privacy).

## Changes
We may change these terms; the version on this page when you ordered applies to that order.
`,
  privacy: `${ADAPT}

## What we keep
- Your account: name, email address, and your password in hashed form.
- Your orders: what you bought, the delivery address and phone number you gave, and the payment's
  reference at our card provider. We never see or keep your card number.
- Your reviews, your cart and your newsletter choice.
- Sign-in sessions: the device's address and browser, so you can see and end them.

## Why
To deliver your orders, to keep the records the law requires for accounting, and to send the
newsletter only if you confirmed that you want it.

## Your rights
From your profile you can download everything we hold about you as a file, and delete your
account. Deleting it erases your name, email address, addresses and phone number; orders stay
for accounting without them.

## Contact
Write to us through the [contact page](/pages/contact).
`,
  returns: `${ADAPT}

## Returning an item
You may return any item within **${STARTER_RETURN_DAYS} days** of delivery, unworn, with its labels.
Write to us through the [contact page](/pages/contact) with your order number and we will tell
you where to send it.

## Refunds
We refund the item's price to the card you paid with within 14 days of receiving it. Shipping
costs are refunded when the item was faulty or not what you ordered.
`,
  shipping: `${ADAPT}

## Where we ship
We ship to the countries the checkout offers.

## Cost and time
The checkout shows the shipping cost before you pay. Orders are usually sent within two working
days; you can follow yours under **My orders**.
`,
  'size-guide': `${ADAPT}

## How to measure
Measure over light clothing, with the tape snug but not tight.

| Size | Chest (cm) | Waist (cm) | Hips (cm) |
|------|-----------|-----------|-----------|
| XS | 82–86 | 66–70 | 88–92 |
| S | 87–92 | 71–76 | 93–98 |
| M | 93–100 | 77–84 | 99–106 |
| L | 101–108 | 85–92 | 107–114 |
| XL | 109–118 | 93–102 | 115–124 |

Between two sizes? Take the larger one.
`,
  contact: `${ADAPT}

## About us
A small fashion shop for men, women and kids.

## Contact
- Email: replace with your shop's address
- Post: replace with your business's name and address
- Company registration and VAT number: add yours where the law requires them
`,
};
