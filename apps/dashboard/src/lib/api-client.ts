import { ErrorBodySchema, MESSAGES, REQUEST_TIMEOUT_MS, TokenAnswerSchema, type FieldError } from '@shopper/contract';
import { env } from '../config/env.ts';
import { endSession, getAuthToken, startSession } from './session.ts';

/** Every failed call becomes one of these; screens choose the words (the server's message first). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly errors: FieldError[];

  constructor(status: number, message: string, options: { code?: string; errors?: FieldError[] } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = options.code;
    this.errors = options.errors ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON, or FormData for an upload. */
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
}

/** What the client needs of a contract zod schema. */
export interface AnswerSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

export function apiUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${env.apiOrigin}/api${path}${search ? `?${search}` : ''}`;
}

async function send(path: string, options: CallOptions, token: string | null): Promise<unknown> {
  const controller = new AbortController();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers['auth-token'] = token;
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  try {
    let response: Response;
    let text: string;
    try {
      response = await fetch(apiUrl(path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body: isForm
          ? (options.body as FormData)
          : options.body === undefined
            ? undefined
            : JSON.stringify(options.body),
        credentials: 'include',
        signal: controller.signal,
      });
      text = await response.text();
    } catch (error) {
      if (isTimedOut) throw new ApiError(408, MESSAGES.timeout);
      if (options.signal?.aborted) throw error;
      throw new ApiError(0, MESSAGES.network);
    }
    let body: unknown = null;
    try {
      body = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      body = text;
    }
    if (!response.ok) {
      const parsed = ErrorBodySchema.safeParse(body);
      if (parsed.success) {
        throw new ApiError(response.status, parsed.data.message, {
          code: parsed.data.code,
          errors: parsed.data.errors,
        });
      }
      throw new ApiError(response.status, MESSAGES.unexpected);
    }
    return body;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

let pendingRefresh: Promise<string> | null = null;

/** One refresh for every call that failed with 401 meanwhile; a failed refresh ends the session. */
function refresh(): Promise<string> {
  pendingRefresh ??= (async () => {
    try {
      const answer = await send('/users/refresh-token', { method: 'POST' }, null);
      const parsed = TokenAnswerSchema.safeParse(answer);
      if (!parsed.success) throw new ApiError(401, MESSAGES.unexpected);
      startSession(parsed.data.accessToken);
      return parsed.data.accessToken;
    } catch (error) {
      endSession();
      throw error;
    } finally {
      pendingRefresh = null;
    }
  })();
  return pendingRefresh;
}

const NO_REFRESH = /^\/users\/(login|refresh-token|logout)$/;

/** Calls the API; on a 401 with a stored token, refreshes once and retries. */
export async function apiCall<T>(path: string, schema: AnswerSchema<T>, options: CallOptions = {}): Promise<T> {
  const token = getAuthToken();
  let body: unknown;
  try {
    body = await send(path, options, token);
  } catch (error) {
    if (!(isApiError(error) && error.status === 401 && token && !NO_REFRESH.test(path))) throw error;
    body = await send(path, options, await refresh());
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(500, MESSAGES.invalidDataFormat);
  return parsed.data;
}

/** The server's message, or the screen's fallback when there is nothing more specific. */
export function messageOf(error: unknown, fallback: string): string {
  if (isApiError(error) && error.message && error.message !== MESSAGES.unexpected) return error.message;
  return fallback;
}
