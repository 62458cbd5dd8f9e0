import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { EARLY_INPUT_SCRIPT } from '@shopper/contract';

/**
 * The one inline script a page may run: the rendered pages' early-input queue (decision 039),
 * allowed by its hash, so any other inline script, injected or not, still has nowhere to run.
 */
const EARLY_INPUT_HASH = `'sha256-${createHash('sha256').update(EARLY_INPUT_SCRIPT).digest('base64')}'`;

// Stripe Elements loads its script and card iframes from Stripe and talks to Stripe's API.
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * Security headers on every answer. The helmet middleware is built once: @fastify/helmet rebuilds
 * it (and re-parses the CSP) on every request, which cost ~5% of a catalog read under load.
 */
function buildSecurityHeaders({ stripe }: { stripe: boolean }) {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // No inline scripts but the hashed one: an injected script has nowhere to run.
        scriptSrc: ["'self'", EARLY_INPUT_HASH, ...(stripe ? STRIPE_SOURCES.script : [])],
        // Radix and sonner inject <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(stripe ? STRIPE_SOURCES.connect : [])],
        frameSrc: stripe ? STRIPE_SOURCES.frame : ["'none'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
}

/**
 * The request id and the security headers, set in one synchronous hook as the request arrives: an
 * async hook per header costs a promise per request, which shows in the catalog's throughput.
 */
export function installSecurityHeaders(app: FastifyInstance, options: { stripe: boolean }): void {
  const applySecurityHeaders = buildSecurityHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('x-request-id', request.id);
    applySecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
