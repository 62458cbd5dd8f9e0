import { createHmac, timingSafeEqual } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Unsubscribe tokens are signed, not stored: the notifier writes a link for every mail it sends
 * without keeping a secret per request, and a database leak gives no link. The token names a
 * request; all it can do is stop the mails to that request's address (decision 069).
 */
export function createUnsubscribeTokens(secret: string) {
  const signatureOf = (requestId: string) =>
    createHmac('sha256', secret).update(`back-in-stock-unsubscribe:${requestId}`).digest('base64url');

  return {
    sign: (requestId: string): string => `${requestId}.${signatureOf(requestId)}`,
    /** The request id of a well-signed token, or undefined. */
    verify(token: string): string | undefined {
      const [requestId = '', signature = '', ...rest] = token.split('.');
      if (rest.length > 0 || !UUID.test(requestId)) return undefined;
      const expected = Buffer.from(signatureOf(requestId));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? requestId : undefined;
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;

/** Where the links of one request's mails point. */
export type BackInStockLinks = {
  /** The web page that confirms a guest's request in one click. */
  confirm?: string;
  /** The web page that unsubscribes in one click (the link in the mail body). */
  unsubscribePage: string;
  /** The API endpoint a mail client POSTs to (RFC 8058 one-click unsubscribe). */
  unsubscribeEndpoint: string;
};

export function linksFor(publicUrl: string, unsubscribeToken: string, confirmToken?: string): BackInStockLinks {
  const token = `token=${encodeURIComponent(unsubscribeToken)}`;
  return {
    ...(confirmToken
      ? { confirm: `${publicUrl}/back-in-stock/confirm?token=${encodeURIComponent(confirmToken)}` }
      : {}),
    unsubscribePage: `${publicUrl}/back-in-stock/unsubscribe?${token}`,
    unsubscribeEndpoint: `${publicUrl}/api/back-in-stock/unsubscribe?${token}`,
  };
}
