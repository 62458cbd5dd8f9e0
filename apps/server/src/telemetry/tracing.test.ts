import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_CARD } from '@shopper/contract';
import { Redis } from 'ioredis';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { SHIPPING } from '../test/checkout-factory.ts';
import { REQUEST_ID_ATTRIBUTE } from './start-tracing.ts';

// The server runs as its own process, started as in production with the tracing preload, against
// an OTLP receiver and an SMTP server of the test's own: only there can the instrumentations hook
// Fastify, pg and ioredis before they are imported.

const serverDir = path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))));
const INSTANCE = 'traced-shop';

type ExportedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  scope: string;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
};

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type OtlpAttribute = { key: string; value: OtlpValue };
type OtlpBody = {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: {
      scope?: { name?: string };
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        attributes?: OtlpAttribute[];
      }[];
    }[];
  }[];
};

const valueOf = (value: OtlpValue) =>
  value.stringValue ?? (value.intValue === undefined ? undefined : Number(value.intValue)) ?? value.boolValue;
const attributesOf = (list: OtlpAttribute[] = []) =>
  Object.fromEntries(list.map(({ key, value }) => [key, valueOf(value)]));

/** An OTLP/HTTP receiver on loopback: JSON bodies are decoded into spans, protobuf ones kept raw. */
async function startReceiver() {
  const spans: ExportedSpan[] = [];
  const protobufBodies: Buffer[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      if (request.headers['content-type']?.startsWith('application/json')) {
        for (const resourceSpans of (JSON.parse(body.toString()) as OtlpBody).resourceSpans ?? []) {
          const resource = attributesOf(resourceSpans.resource?.attributes);
          for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
            for (const span of scopeSpans.spans ?? []) {
              spans.push({
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId || undefined,
                name: span.name,
                scope: scopeSpans.scope?.name ?? '',
                attributes: attributesOf(span.attributes),
                resource,
              });
            }
          }
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else {
        protobufBodies.push(body);
        response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    protobufBodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Accepts every message: the shop's verification mail gives the test its SMTP span. */
async function startSmtpSink() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(resolve)) };
}

/** A free loopback port: the kernel picks one, then it is let go for the program to bind. */
async function freePort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A Redis of the test's own, for the rate-limit counters and so the ioredis spans; none where the
 * machine has no redis-server (CI installs it), and the Redis part of the trace is then not asked.
 */
async function startRedis(): Promise<{ url: string; stop(): Promise<void> } | undefined> {
  const binary = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((candidate) => existsSync(candidate));
  if (!binary) return undefined;
  const port = await freePort();
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `redis://127.0.0.1:${port}`;
  await vi.waitFor(
    async () => {
      const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        expect(await probe.ping()).toBe('PONG');
      } finally {
        probe.disconnect();
      }
    },
    { timeout: 10_000 },
  );
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A fresh copy of the migrated template on the run's server, dropped after. */
async function databaseForServer(): Promise<{ url: string; drop(): Promise<void> }> {
  const databaseUrl = inject('testServerUrl');
  const template = inject('postgresTemplate');
  const name = `shopper_traced_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

type Shop = { child: ChildProcess; output: () => string; exited: Promise<number | null>; url: string };

async function startShop(env: Record<string, string>): Promise<Shop> {
  let output = '';
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', './src/telemetry/tracing-preload.ts', 'src/main.ts'],
    {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        // JSON lines even in the demo, to read the trace id off them.
        LOG_PRETTY: 'false',
        INSTANCE_NAME: INSTANCE,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
    if (port) {
      const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => undefined);
      if (ready?.ok) return { child, output: () => output, exited, url: `http://127.0.0.1:${port}` };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopShop(shop: Shop): Promise<void> {
  shop.child.kill('SIGTERM');
  expect(await shop.exited, shop.output().slice(-3000)).toBe(0);
}

/** The access log line of one request; lines are written out in batches, so it may come late. */
async function accessLineOf(shop: Shop, requestId: string): Promise<Record<string, unknown>> {
  return vi.waitFor(
    () => {
      const line = shop
        .output()
        .split('\n')
        .filter((text) => text.startsWith('{') && text.includes(requestId))
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .find((entry) => entry.reqId === requestId);
      if (!line) throw new Error(`no log line of request ${requestId} yet`);
      return line;
    },
    { timeout: 10_000 },
  );
}

async function call<T>(shop: Shop, method: string, url: string, body?: unknown, accessToken?: string) {
  const response = await fetch(`${shop.url}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `${method} ${url}: ${text}`).toBeLessThan(300);
  return { body: JSON.parse(text) as T, requestId: response.headers.get('x-request-id') ?? '' };
}

/** The storefront's checkout, as a browser makes it, from sign-up to the order. */
async function checkOut(shop: Shop): Promise<{ intentRequestId: string }> {
  type Listed = { products: { _id: string; stock: { size: string; quantity: number }[] }[] };
  const listed = await call<Listed>(shop, 'GET', '/api/products/all-products?limit=20');
  const product = listed.body.products.find((p) => p.stock.some((s) => s.quantity > 0));
  const size = product?.stock.find((s) => s.quantity > 0)?.size;
  if (!product || !size) throw new Error('the demo catalog has nothing in stock');

  const email = `traced-${randomBytes(5).toString('hex')}@example.com`;
  const password = 'Sup3r-secret!';
  const signup = await call<{ accessToken: string }>(shop, 'POST', '/api/users/signup', {
    username: 'Traced Shopper',
    email,
    password,
    confirmPassword: password,
    acceptTerms: true,
  });
  const { accessToken } = signup.body;
  const token = await vi.waitFor(
    async () => {
      const mailbox = await call<{ messages: { text: string }[] }>(shop, 'GET', `/api/dev/mailbox?to=${email}`);
      const found = mailbox.body.messages.map((m) => /\/verify-email\?token=([\w-]+)/.exec(m.text)?.[1]).find(Boolean);
      if (!found) throw new Error('no verification mail yet');
      return found;
    },
    { timeout: 10_000 },
  );
  await call(shop, 'GET', `/api/users/verify-email/${token}`);

  await call(shop, 'POST', '/api/cart/add', { productId: product._id, size, quantity: 1 }, accessToken);
  const intent = await call<{ paymentIntentId: string; clientSecret: string }>(
    shop,
    'POST',
    '/api/payment/create-payment-intent',
    { shippingInfo: SHIPPING },
    accessToken,
  );
  const { paymentIntentId, clientSecret } = intent.body;
  await call(shop, 'POST', `/api/test-provider/payment_intents/${paymentIntentId}/confirm`, {
    clientSecret,
    card: { number: TEST_CARD.success, expMonth: 12, expYear: 2099, cvc: '123' },
  });
  await call(shop, 'POST', '/api/payment/confirm-order', { paymentIntentId }, accessToken);
  return { intentRequestId: intent.requestId };
}

const dataDirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shopper-traced-'));
  dataDirs.push(dir);
  return dir;
};

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  receiver = await startReceiver();
  smtp = await startSmtpSink();
});
afterAll(async () => {
  await receiver.close();
  await smtp.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('tracing with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  it('exports a checkout as one trace: the route, its SQL and the payment call, with the request id and instance name', async () => {
    const database = await databaseForServer();
    const redis = await startRedis();
    const shop = await startShop({
      DEMO: 'true',
      DATA_DIR: newDataDir(),
      DATABASE_URL: database.url,
      REDIS_URL: redis?.url ?? '',
      SMTP_URL: smtp.url,
      PAYMENT_SWEEP_EVERY_SECONDS: '1',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    try {
      const { intentRequestId } = await checkOut(shop);

      const requestSpan = await vi.waitFor(
        () => {
          const found = receiver.spans.find((span) => span.attributes[REQUEST_ID_ATTRIBUTE] === intentRequestId);
          if (!found) throw new Error('the request span has not arrived');
          return found;
        },
        { timeout: 10_000 },
      );
      const trace = await vi.waitFor(
        () => {
          const spans = receiver.spans.filter((span) => span.traceId === requestSpan.traceId);
          expect(spans.map((span) => span.name)).toContain('payment.createIntent');
          return spans;
        },
        { timeout: 10_000 },
      );

      expect(requestSpan).toMatchObject({
        scope: '@fastify/otel',
        attributes: { 'http.route': '/api/payment/create-payment-intent', 'http.response.status_code': 200 },
      });
      expect(trace.find((span) => span.scope === '@opentelemetry/instrumentation-http')).toMatchObject({
        name: 'POST /api/payment/create-payment-intent',
        parentSpanId: undefined,
      });
      const queries = trace.filter((span) => span.attributes['db.system.name'] === 'postgresql');
      expect(queries.length).toBeGreaterThan(0);
      // On PostgreSQL the pg instrumentation's spans; on the embedded database the shop's own.
      const queryScope = database ? '@opentelemetry/instrumentation-pg' : 'shopper';
      expect(queries.every((span) => span.scope === queryScope)).toBe(true);
      expect(queries.some((span) => String(span.attributes['db.query.text']).includes('payment_intents'))).toBe(true);
      expect(trace.find((span) => span.name === 'payment.createIntent')?.attributes).toMatchObject({
        'payment.provider': 'test',
      });
      // One tree: every span but the root hangs off another span of the same trace.
      const ids = new Set(trace.map((span) => span.spanId));
      expect(trace.filter((span) => !span.parentSpanId || !ids.has(span.parentSpanId))).toHaveLength(1);
      for (const span of trace)
        expect(span.resource).toMatchObject({ 'service.name': 'shopper', 'service.instance.id': INSTANCE });

      // The request's log line carries the trace id, so logs and traces lead to each other.
      expect(await accessLineOf(shop, intentRequestId)).toMatchObject({ trace_id: requestSpan.traceId });

      // Every request counts against the rate limits; with Redis, its commands are in the request's trace.
      if (redis) {
        const requestTraces = new Set(
          receiver.spans.filter((span) => span.scope === '@fastify/otel').map((span) => span.traceId),
        );
        const commands = receiver.spans.filter((span) => span.scope === '@opentelemetry/instrumentation-ioredis');
        expect(commands.some((span) => requestTraces.has(span.traceId))).toBe(true);
      }

      // The background work: each run a trace of its own, the SMTP conversation inside the mail run.
      await vi.waitFor(
        () => {
          const sends = receiver.spans.filter((span) => span.name === 'smtp.send');
          expect(sends.length).toBeGreaterThan(0);
          const runs = receiver.spans.filter((span) => span.name === 'mail.outbox.run' && !span.parentSpanId);
          expect(runs.some((run) => sends.some((send) => send.parentSpanId === run.spanId))).toBe(true);
          expect(receiver.spans.some((span) => span.name === 'payments.sweep' && !span.parentSpanId)).toBe(true);
        },
        { timeout: 10_000 },
      );
      // Readiness polls are left out: a trace each would drown the shop's own.
      expect(receiver.spans.some((span) => String(span.attributes['url.path']).startsWith('/api/ready'))).toBe(false);
      await stopShop(shop);
    } finally {
      shop.child.kill('SIGKILL');
      await redis?.stop();
      await database.drop();
    }
  }, 180_000);

  it('exports no reset or verification token, in span attributes or in the log', async () => {
    const shop = await startShop({
      DEMO: 'true',
      DATA_DIR: newDataDir(),
      DATABASE_URL: '',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    try {
      const email = `secret-${randomBytes(5).toString('hex')}@example.com`;
      const password = 'Sup3r-secret!';
      await call(shop, 'POST', '/api/users/signup', {
        username: 'Kept Secret',
        email,
        password,
        confirmPassword: password,
        acceptTerms: true,
      });
      await call(shop, 'POST', '/api/users/forgot-password', { email });
      const tokens = await vi.waitFor(
        async () => {
          const mailbox = await call<{ messages: { text: string }[] }>(shop, 'GET', `/api/dev/mailbox?to=${email}`);
          const texts = mailbox.body.messages.map((m) => m.text);
          const verify = texts.map((text) => /\/verify-email\?token=([\w-]+)/.exec(text)?.[1]).find(Boolean);
          const reset = texts.map((text) => /\/reset-password\/([\w-]+)/.exec(text)?.[1]).find(Boolean);
          if (!verify || !reset) throw new Error('the mails have not been queued yet');
          return { verify, reset };
        },
        { timeout: 10_000 },
      );
      const pages = [`/reset-password/${tokens.reset}`, `/verify-email?token=${tokens.verify}`];
      for (const page of pages) await (await fetch(`${shop.url}${page}`)).arrayBuffer();
      const { requestId } = await call(shop, 'GET', `/api/users/verify-email/${tokens.verify}`);
      await call(shop, 'POST', '/api/users/reset-password', {
        token: tokens.reset,
        password,
        confirmPassword: password,
      });

      // Spans of each token request have arrived, the API one's under its route.
      await vi.waitFor(
        () => {
          expect(receiver.spans.some((span) => span.attributes[REQUEST_ID_ATTRIBUTE] === requestId)).toBe(true);
          expect(
            receiver.spans.some((span) => String(span.attributes['url.path']).startsWith('/reset-password/')),
          ).toBe(true);
        },
        { timeout: 10_000 },
      );
      await accessLineOf(shop, requestId);
      const exported = JSON.stringify(receiver.spans);
      const logged = shop.output();
      for (const token of [tokens.verify, tokens.reset]) {
        expect(exported.includes(token), 'an exported span carries a token').toBe(false);
        expect(logged.includes(token), 'the log carries a token').toBe(false);
      }
      expect(exported).toContain('/reset-password/[redacted]');
      await stopShop(shop);
    } finally {
      shop.child.kill('SIGKILL');
    }
  }, 120_000);

  it('sends OTLP protobuf by default, and the spans it sends carry the trace id the log line names', async () => {
    const before = receiver.protobufBodies.length;
    const shop = await startShop({
      DEMO: '',
      DATA_DIR: newDataDir(),
      DATABASE_URL: '',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    try {
      const { requestId } = await call(shop, 'GET', '/api/health');
      const traceId = String((await accessLineOf(shop, requestId)).trace_id);
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);
      await vi.waitFor(
        () => {
          const bodies = receiver.protobufBodies.slice(before);
          // A protobuf span carries its trace id as 16 raw bytes beside its name.
          expect(
            bodies.some((body) => body.includes(Buffer.from(traceId, 'hex')) && body.includes('GET /api/health')),
          ).toBe(true);
        },
        { timeout: 10_000 },
      );
      await stopShop(shop);
    } finally {
      shop.child.kill('SIGKILL');
    }
  }, 120_000);
});
