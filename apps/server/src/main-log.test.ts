import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dataDir = mkdtempSync(path.join(tmpdir(), 'shopper-main-log-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the demo server process', () => {
  it('says where the shop is on standard error, logs JSON lines to a pipe, and writes every access line before it exits', async () => {
    let output = '';
    let errors = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        // Port 0: the kernel picks a free one; the message's addresses follow PUBLIC_URL.
        PORT: '0',
        HOST: '127.0.0.1',
        PUBLIC_URL: 'http://localhost:3960',
        LOG_LEVEL: 'info',
        LOG_PRETTY: '',
        DEMO: 'true',
      },
      // A pipe, no terminal: lines for a program, and the demo's message in plain words on stderr.
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    // Standard output is buffered (a few kilobytes or 250 ms): its lines may follow the message on stderr.
    while (!errors.includes('The SHOPPER demo is ready.') || !output.includes('Server listening at')) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}${errors}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
    expect(port).toBeDefined();
    expect(errors).toContain('  Shop:         http://localhost:3960\n');
    expect(errors).toContain('  Back office:  http://localhost:3960/dashboard\n');
    expect(errors).toContain('sign in as owner@shopper.local with the password Owner-demo-1');
    expect(errors).toContain('  API docs:     http://localhost:3960/api/docs');
    expect(errors).toContain('  Mailbox:      http://localhost:3960/dev/mailbox');

    const requests = 60;
    for (let index = 0; index < requests; index += 1) {
      const answer = await fetch(`http://127.0.0.1:${port}/api/health?n=${index}`);
      expect(answer.status).toBe(200);
    }
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const lines = output
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; signal?: string; url?: string; statusCode?: number });
    const accessLines = lines.filter(
      (line) =>
        line.msg === 'request completed' && /^\/api\/health\?n=\d+$/.test(line.url ?? '') && line.statusCode === 200,
    );
    expect(accessLines).toHaveLength(requests);
    expect(lines.find((line) => line.msg === 'shutting down')).toMatchObject({ signal: 'SIGTERM' });
    expect(lines.find((line) => line.msg.startsWith('The SHOPPER demo is ready.'))).toBeDefined();
  }, 120_000);
});
