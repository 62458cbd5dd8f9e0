import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** One request a purge target received. */
export type ReceivedPurge = { method: string; url: string; headers: Record<string, string>; body: string };

/**
 * A stand-in for a cache's purge endpoint on 127.0.0.1: it keeps every request and answers
 * `state.status` (200 by default; a test sets 503 to refuse purges). Plain TCP, since Node's HTTP
 * parser refuses Varnish's BAN method. `next()` resolves with the next request.
 */
export async function startPurgeServer() {
  const received: ReceivedPurge[] = [];
  const waiting: ((purge: ReceivedPurge) => void)[] = [];
  const state = { status: 200, answer: '{"success":true}' };

  function serve(socket: Socket): void {
    let buffered = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [requestLine = '', ...lines] = buffered.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).trim().toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      const body = buffered.slice(end + 4);
      if (body.length < Number(headers['content-length'] ?? 0)) return;
      const [method = '', url = ''] = requestLine.split(' ');
      const purge = { method, url, headers, body };
      received.push(purge);
      waiting.splice(0).forEach((resolve) => resolve(purge));
      socket.end(
        `HTTP/1.1 ${state.status} X\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(state.answer)}\r\nconnection: close\r\n\r\n${state.answer}`,
      );
      buffered = '';
    });
    socket.on('error', () => undefined);
  }

  const server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    state,
    next: () => new Promise<ReceivedPurge>((resolve) => waiting.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
