/** What stands in for a secret cut out of a logged URL or span. */
export const REDACTED = '[redacted]';

/**
 * Path segments followed by a one-use secret: the password reset page and the email
 * verification endpoint carry their token in the path (links already mailed must keep working).
 */
const SECRET_AFTER_SEGMENT = /(\/(?:reset-password|verify-email)\/)[^/?#]+/gi;
/**
 * Query parameters holding a secret: the verification, newsletter, back-in-stock (confirm and
 * unsubscribe, decision 069) and other unsubscribe links. A span's
 * `url.query` comes without its `?`.
 */
const SECRET_PARAMETER = /((?:^|[?&])(?:token|access_token|refresh_token)=)[^&#]*/gi;

/**
 * A request URL fit for a log line or a span: whoever reads the log must not be able to reset a
 * password, verify an address or unsubscribe someone with what they read (docs/decisions/044).
 */
export function redactUrl(url: string): string {
  return url.replace(SECRET_AFTER_SEGMENT, `$1${REDACTED}`).replace(SECRET_PARAMETER, `$1${REDACTED}`);
}
