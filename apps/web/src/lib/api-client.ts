import { MESSAGES, REQUEST_TIMEOUT_MS, type FieldError } from '@shopper/contract';
import { env } from '../config/env.ts';
import type * as ContractSchemasModule from './contract-schemas.ts';
import { getAuthToken } from './session.ts';

export const API_PREFIX = '/api';

export type ContractSchemas = typeof ContractSchemasModule;

/** The schemas chunk; the first call starts the download, later calls reuse it. */
export function loadSchemas(): Promise<ContractSchemas> {
  return import('./contract-schemas.ts');
}

/** Every failed request becomes one of these (SPEC §8 Transport). Features pick the words shown. */
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
  /** Overrides the 15 s time-out of SPEC §9 (the error demo uses 1 ms). */
  timeoutMs?: number;
  /** Overrides the API origin (the error demo points at an unreachable host). */
  origin?: string;
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

/** Sends a request to the API and answers the parsed JSON body; throws ApiError on every failure. */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  const controller = new AbortController();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getAuthToken();
  if (token) headers['auth-token'] = token;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, options), {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        credentials: 'include',
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
};
