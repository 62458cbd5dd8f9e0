// The yardstick for bench/listing.mjs: Fastify with no plugins answering fixed bytes.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.env.BODY_FILE ?? '', 'utf8');
const app = Fastify({ logger: false });
app.get('/health', async () => ({ status: 'ok' }));
app.get('/listing', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: Number(process.env.PORT ?? 3902), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
