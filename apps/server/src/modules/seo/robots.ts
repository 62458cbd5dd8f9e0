import { absoluteUrl } from './site-urls.ts';

/**
 * Paths crawlers are asked to leave alone (robots.txt rules are prefixes): the API, the back
 * office, and every page that is personal, a form, or a one-time link (docs/product.md#pages).
 */
export const DISALLOWED_PATHS = [
  '/api/',
  '/dashboard',
  '/admin',
  '/cart',
  '/checkout',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/verify',
  '/profile',
  '/account/',
  '/order-confirmation/',
  '/order-lookup',
  '/newsletter/',
  '/dev/',
  '/error-demo',
] as const;

export function renderRobots(publicOrigin: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(publicOrigin, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
