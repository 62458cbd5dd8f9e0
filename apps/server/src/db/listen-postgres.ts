import pg from 'pg';
import type { NotificationHandlers } from './client.ts';

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

/**
 * A LISTEN connection of its own: pooled connections are handed to other queries, which would
 * drop the subscription. A lost connection is replaced with backoff, and the subscriber is told
 * (onReconnect) because whatever was notified meanwhile never arrives.
 */
export async function listenPostgres(
  connectionString: string,
  channel: string,
  handlers: NotificationHandlers,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let isStopped = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  function retryLater(): void {
    if (isStopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect(true);
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  }

  async function connect(isReconnect: boolean): Promise<void> {
    // keepAlive notices a half-open socket (a restarted database, a dropped NAT entry).
    const next = new pg.Client({ connectionString, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    let isLost = false;
    const lost = (): void => {
      if (isLost) return;
      isLost = true;
      if (client === next) client = undefined;
      next.end().catch(() => undefined);
      retryLater();
    };
    next.on('error', lost);
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      if (!isReconnect) isStopped = true;
      lost();
      if (!isReconnect) throw error;
      return;
    }
    if (isStopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryMs = FIRST_RETRY_MS;
    if (isReconnect) handlers.onReconnect();
  }

  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  await connect(false);
  return async () => {
    isStopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const current = client;
    client = undefined;
    await current?.end().catch(() => undefined);
  };
}
