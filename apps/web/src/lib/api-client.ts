import { ACCOUNT_MESSAGES, ACCOUNT_UI_MESSAGES, MESSAGES, REQUEST_TIMEOUT_MS } from '@shopper/contract/plain';
import type { FieldError } from '@shopper/contract';
import { env } from '../config/env.ts';
// Before any schema exists (they load lazily, after the entry): no eval in the browser.
import './zod-jitless.ts';
import type * as ContractSchemasModule from './contract-schemas.ts';
import { emitSessionExpired, endSession, getAuthToken, isLoggedOut, replaceAuthToken } from './session.ts';

export const API_PREFIX = '/api';

export type ContractSchemas = typeof ContractSchemasModule;

/** The schemas chunk; the first call starts the download, later calls reuse it. */
export function loadSchemas(): Promise<ContractSchemas> {
  return import('./contract-schemas.ts');
}

/** Every failed request becomes one of these (docs/product.md#transport-errors). Features pick the words shown. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly errors: FieldError[] | undefined;

  constructor(status: number, message: string, options: { code?: string; errors?: FieldError[] } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = options.code;
    this.errors = options.errors;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Overrides the 15 s time-out of docs/product.md#constants (the error demo uses 1 ms). */
  timeoutMs?: number;
  /** Overrides the API origin (the error demo points at an unreachable host). */
  origin?: string;
  /**
   * A call to the card provider's routes (the test-mode provider lives under /api): it carries no
   * shop session, neither the auth-token header nor cookies, as a call to Stripe would not (docs/architecture.md#trust-boundaries).
   */
  isProviderCall?: boolean;
}

/** Calls whose 401 means "wrong credentials" or "no session", never "refresh and retry". */
const NO_REFRESH_PATHS = /^\/users\/(login|signup|refresh-token|logout)$/;
/**
 * What a logged-out visitor may still call (docs/product.md#roles: browse products and reviews, login,
 * signup, password recovery, email verification, token refresh), the public payment config (which
 * says whether the shop lets guests check out), the order lookup and an order read (a guest's order
 * opens with its key; without one the server answers), the test provider the browser pays through,
 * and the shop's legal details. Everything else is blocked on the client with
 * 'User is logged out' (docs/product.md#transport-errors).
 */
const OPEN_WHEN_LOGGED_OUT =
  /^\/(products|reviews|pages|images|health|ready|dev)(\/|$)|^\/users\/(login|signup|logout|refresh-token|forgot-password|reset-password|request-verification|verify-email)(\/|$)|^\/payment\/(config|order-lookup|order\/[^/]+)$|^\/(test-provider|shop)(\/|$)/;
/**
 * With the owner's guest checkout on (docs/product.md#cart-api, decision 072) the cart and the
 * payment steps serve a visitor without a session, so the logged-out marker no longer blocks them.
 */
const OPEN_TO_GUESTS = /^\/(cart|payment)(\/|$)/;
let isGuestCheckoutOn = false;

/** lib/guest-checkout.ts reports the shop's guestCheckout setting each time it reads it. */
export function setGuestCheckoutOn(isOn: boolean): void {
  isGuestCheckoutOn = isOn;
}

/** The path below /api, without the query: '/api/users/me?x' → '/users/me'. */
function routeOf(path: string): string {
  const bare = path.split('?')[0] ?? '';
  const rooted = bare.startsWith('/') ? bare : `/${bare}`;
  return rooted.startsWith(API_PREFIX + '/') ? rooted.slice(API_PREFIX.length) : rooted;
}

function buildUrl(path: string, options: RequestOptions): string {
  const origin = options.origin ?? env.apiOrigin;
  const prefixed = path.startsWith(API_PREFIX + '/') ? path : `${API_PREFIX}${path.startsWith('/') ? '' : '/'}${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${origin}${prefixed}${search ? `?${search}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function errorFromBody(status: number, body: unknown): Promise<ApiError> {
  const { ErrorBodySchema } = await loadSchemas();
  const parsed = ErrorBodySchema.safeParse(body);
  if (parsed.success) {
    return new ApiError(status, parsed.data.message, { code: parsed.data.code, errors: parsed.data.errors });
  }
  // Bodies from proxies or older servers: use their message when they have one.
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
    return new ApiError(status, body.message);
  }
  return new ApiError(status || 500, MESSAGES.unexpected);
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/**
 * The server renderer answers API calls in process (the same JSON and read cache, no network):
 * it swaps the transport once at start. The browser keeps fetch.
 */
export function setApiTransport(next: Transport): void {
  transport = next;
}

/** One HTTP exchange with the given token; throws ApiError on every failure. */
async function send(path: string, options: RequestOptions, token: string | null): Promise<unknown> {
  const controller = new AbortController();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token && !options.isProviderCall) headers['auth-token'] = token;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  try {
    let response: Response;
    try {
      response = await transport(buildUrl(path, options), {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        credentials: options.isProviderCall ? 'omit' : 'include',
        // Guest catalog answers carry stale-while-revalidate for a shared cache in front; the
        // browser would honour it too and show a hidden collection or an old price once. The shop's
        // own reads always ask the server (decision 063).
        cache: 'no-cache',
        signal: controller.signal,
      });
    } catch (error) {
      if (isTimedOut) throw new ApiError(408, MESSAGES.timeout);
      // A caller cancelling (TanStack Query on unmount) is not a failure to report.
      if (options.signal?.aborted) throw error;
      throw new ApiError(0, MESSAGES.network);
    }
    let body: unknown;
    try {
      body = await readJson(response);
    } catch (error) {
      if (isTimedOut) throw new ApiError(408, MESSAGES.timeout);
      if (options.signal?.aborted) throw error;
      throw new ApiError(0, MESSAGES.network);
    }
    if (!response.ok) throw await errorFromBody(response.status, body);
    return body;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

let pendingRefresh: Promise<string> | null = null;

/**
 * docs/product.md#session: on a 401 ONE refresh is attempted; requests failing meanwhile wait for the same
 * refresh and retry with its token. A failed refresh ends the session and reports the expiry.
 */
function refreshAccessToken(staleToken: string): Promise<string> {
  const current = getAuthToken();
  // Another request already refreshed after this one was sent: just retry with the new token.
  if (current && current !== staleToken && !pendingRefresh) return Promise.resolve(current);
  pendingRefresh ??= (async () => {
    try {
      const schemas = loadSchemas();
      const body = await send('/users/refresh-token', { method: 'POST' }, null);
      const token = parseAnswer((await schemas).TokenAnswerSchema, body).accessToken;
      replaceAuthToken(token);
      return token;
    } catch {
      endSession();
      emitSessionExpired();
      throw new ApiError(401, ACCOUNT_MESSAGES.sessionExpired, { code: 'UNAUTHENTICATED' });
    } finally {
      pendingRefresh = null;
    }
  })();
  return pendingRefresh;
}

/** Sends a request to the API and answers the parsed JSON body; throws ApiError on every failure. */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  const route = routeOf(path);
  const isOpen = OPEN_WHEN_LOGGED_OUT.test(route) || (isGuestCheckoutOn && OPEN_TO_GUESTS.test(route));
  if (isLoggedOut() && !isOpen) {
    throw new ApiError(401, ACCOUNT_UI_MESSAGES.userLoggedOut, { code: 'UNAUTHENTICATED' });
  }
  const token = getAuthToken();
  try {
    return await send(path, options, token);
  } catch (error) {
    const isUnauthorized = error instanceof ApiError && error.status === 401;
    if (!isUnauthorized || !token || options.isProviderCall || NO_REFRESH_PATHS.test(route)) throw error;
    const freshToken = await refreshAccessToken(token);
    return send(path, options, freshToken);
  }
}

/** The one thing the client needs from a contract zod schema. */
export interface AnswerSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/** Checks an answer against its contract schema; a mismatch is 'Invalid data format from server'. */
export function parseAnswer<T>(schema: AnswerSchema<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(500, MESSAGES.invalidDataFormat);
  return parsed.data;
}

type SchemaPick<T> = (schemas: ContractSchemas) => AnswerSchema<T>;
type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

async function requestAndParse<T>(path: string, pick: SchemaPick<T>, options: RequestOptions): Promise<T> {
  // Start loading the schemas while the request is in flight.
  const schemas = loadSchemas();
  const body = await apiRequest(path, options);
  return parseAnswer(pick(await schemas), body);
}

/** Typed calls: each answer is checked against the contract schema `pick` chooses. */
export const apiClient = {
  get<T>(path: string, pick: SchemaPick<T>, options: CallOptions = {}): Promise<T> {
    return requestAndParse(path, pick, { ...options, method: 'GET' });
  },
  post<T>(path: string, body: unknown, pick: SchemaPick<T>, options: CallOptions = {}): Promise<T> {
    return requestAndParse(path, pick, { ...options, method: 'POST', body });
  },
  put<T>(path: string, body: unknown, pick: SchemaPick<T>, options: CallOptions = {}): Promise<T> {
    return requestAndParse(path, pick, { ...options, method: 'PUT', body });
  },
  delete<T>(path: string, pick: SchemaPick<T>, options: CallOptions = {}): Promise<T> {
    return requestAndParse(path, pick, { ...options, method: 'DELETE' });
  },
};
