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

/** Helmet's choice for pages: everything a browser document can use, with the strict CSP above. */
function documentPolicy({ stripe }: { stripe: boolean }) {
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
 * Helmet's choice for JSON answers: a JSON body is never a document that runs scripts, opens
 * windows or prefetches, so it gets what still matters for data (no sniffing, no framing, no
 * loading anything, HTTPS only, same-site readers) and not the document headers, which are half
 * of a small answer's bytes.
 */
const API_POLICY = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-site' },
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

type HeaderPairs = ReadonlyArray<readonly [string, string]>;

/** The headers a helmet policy sets, read once: they depend on the policy, never on the request. */
function headersOf(policy: ReturnType<typeof helmet>): HeaderPairs {
  const pairs: Array<[string, string]> = [];
  const response = {
    setHeader: (name: string, value: unknown) => void pairs.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  policy({} as never, response as never, () => undefined);
  return pairs;
}

/** The API's JSON answers; `/api/docs` is a page (the OpenAPI viewer) and keeps the page headers. */
const isApiPath = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * The request id and the security headers, set in one synchronous hook as the request arrives,
 * from header lists helmet computed at start: running helmet's middleware chain on every request
 * cost about a quarter of a small answer's CPU, and an async hook costs a promise per request.
 */
export function installSecurityHeaders(app: FastifyInstance, options: { stripe: boolean }): void {
  const documentHeaders = headersOf(documentPolicy(options));
  const apiHeaders = headersOf(API_POLICY);
  app.addHook('onRequest', (request, reply, done) => {
    const response = reply.raw;
    response.setHeader('x-request-id', request.id);
    for (const [name, value] of isApiPath(request.url) ? apiHeaders : documentHeaders) response.setHeader(name, value);
    done();
  });
}
