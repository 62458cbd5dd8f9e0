import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkNamespaces, postgresCommand, RootWithoutNamespacesError } from './unprivileged.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'shopper-unshare-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('running PostgreSQL when the shop runs as root', () => {
  it('refuses with the reason and every fix when user namespaces are not allowed', () => {
    // An unshare that fails as a kernel without unprivileged user namespaces makes it fail.
    const forbidden = path.join(dir, 'unshare');
    writeFileSync(forbidden, '#!/bin/sh\necho "unshare failed: Operation not permitted" >&2\nexit 1\n', {
      mode: 0o755,
    });
    let refusal: unknown;
    try {
      checkNamespaces(forbidden);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(RootWithoutNamespacesError);
    const message = (refusal as Error).message;
    expect(message).toContain('PostgreSQL refuses to run as root');
    expect(message).toContain('(unshare failed: Operation not permitted)');
    expect(message).toContain('start the shop as an ordinary user');
    expect(message).toContain('sysctl kernel.unprivileged_userns_clone=1');
    expect(message).toContain('set DATABASE_URL');
    expect(message).toContain('docs/database.md');
    expect(() => checkNamespaces(path.join(dir, 'no-such-program'))).toThrow(/ENOENT/);
  });

  it('as root, runs the program as uid 1 of its own namespace, stopped with the shop', () => {
    const { command, args } = postgresCommand('/usr/bin/id', ['-u'], { stopWithParent: true });
    if (process.getuid?.() === 0) {
      expect([command, ...args.slice(0, 3)]).toEqual(['unshare', '--user', '--map-user=1', '--map-group=1']);
      expect(spawnSync(command, args, { encoding: 'utf8' }).stdout.trim()).toBe('1');
    } else {
      expect(spawnSync(command, args, { encoding: 'utf8' }).stdout.trim()).toBe(String(process.getuid?.()));
    }
    if (process.platform === 'linux') expect(args).toEqual(expect.arrayContaining(['--pdeathsig', 'INT']));
  });
});
