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
  it('says where the shop is, prints readable lines, and writes every access line before it exits', async () => {
    let output = '';
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
      // A pipe, no terminal: the demo alone makes the lines readable.
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    while (!output.includes('The SHOPPER demo is ready.')) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
    expect(port).toBeDefined();
    expect(output).toContain('  Shop:         http://localhost:3960\n');
    expect(output).toContain('  Back office:  http://localhost:3960/dashboard\n');
    expect(output).toContain('sign in as owner@shopper.local with the password Owner-demo-1');
    expect(output).toContain('  API docs:     http://localhost:3960/api/docs');
    expect(output).toContain('  Mailbox:      http://localhost:3960/dev/mailbox');
    expect(output).not.toContain('"level":');

    const requests = 60;
    for (let index = 0; index < requests; index += 1) {
      const answer = await fetch(`http://127.0.0.1:${port}/api/health?n=${index}`);
      expect(answer.status).toBe(200);
    }
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const accessLines = output.split('\n').filter((line) => /INFO: GET \/api\/health\?n=\d+ 200 \d+ ms$/.test(line));
    expect(accessLines).toHaveLength(requests);
    expect(output).toContain('INFO: shutting down {"signal":"SIGTERM","drainMs":0}');
  }, 120_000);
});
