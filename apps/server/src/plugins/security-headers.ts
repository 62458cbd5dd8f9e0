import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

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
        // No inline scripts: an injected script has nowhere to run (DESIGN.md, trust boundaries).
        scriptSrc: ["'self'", ...(stripe ? STRIPE_SOURCES.script : [])],
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

export function installSecurityHeaders(app: FastifyInstance, options: { stripe: boolean }): void {
  const applySecurityHeaders = buildSecurityHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
