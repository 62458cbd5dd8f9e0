import { vi } from 'vitest';
import { AuthAnswerSchema, type ErrorCode, ErrorBodySchema, UserSchema, type User } from '@shopper/contract';

/** A user as the API answers it, checked by the contract schema so fakes cannot drift. */
export function buildUser(overrides: Partial<User> = {}): User {
  return UserSchema.parse({
    _id: 'u1',
    id: 'u1',
    name: 'Ada Lovelace',
    username: 'Ada Lovelace',
    email: 'ada@example.com',
    isEmailVerified: true,
    emailVerified: true,
    isAdmin: false,
    role: 'customer',
    status: 'active',
    phone: '5551234567',
    address: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  });
}

export function authAnswer(user: User = buildUser(), accessToken = 'access-1') {
  return AuthAnswerSchema.parse({ success: true, accessToken, user });
}

export function errorBody(code: ErrorCode, message: string, errors?: { param: string; msg: string }[]) {
  return ErrorBodySchema.parse({ success: false, code, message, ...(errors ? { errors } : {}) });
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Handler = (request: {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}) => Response | Promise<Response>;

/** Stubs fetch with one handler a route ('POST /api/users/login'); anything else answers 404. */
export function stubApi(routes: Record<string, Handler>) {
  const fake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0]!;
    const handler = routes[`${method} ${path}`];
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    if (!handler) return jsonResponse(404, errorBody('NOT_FOUND', `Route ${method} ${path} not found`));
    return handler({ url, method, headers, body });
  });
  vi.stubGlobal('fetch', fake);
  return fake;
}
