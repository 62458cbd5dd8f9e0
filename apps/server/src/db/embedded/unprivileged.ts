import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** PostgreSQL will not run as root; this says why it could not be helped, and what the owner can do. */
export class RootWithoutNamespacesError extends Error {
  constructor(detail: string) {
    super(
      'PostgreSQL refuses to run as root, and SHOPPER runs as root here. It then starts its embedded ' +
        `database in a user namespace of its own (unshare --user), which this machine does not allow (${detail}). ` +
        'Do one of these: start the shop as an ordinary user (for example: useradd --create-home shop, then ' +
        'run npm start as that user); allow user namespaces (sysctl kernel.unprivileged_userns_clone=1, or a ' +
        'container run with user namespaces permitted); or set DATABASE_URL to a PostgreSQL server of your own. ' +
        'docs/database.md explains each.',
    );
    this.name = 'RootWithoutNamespacesError';
  }
}

const isRoot = () => process.platform !== 'win32' && process.getuid?.() === 0;

/**
 * As root, the PostgreSQL programs run as uid 1 of a new user namespace: to the kernel outside
 * they stay root (their files are root's, nothing is granted), while PostgreSQL sees a user that
 * is not root. No system user has to exist. `--map-user` needs util-linux 2.38 or later.
 */
const NAMESPACE = ['unshare', '--user', '--map-user=1', '--map-group=1'];

let namespacesWork = false;

/**
 * Runs `true` in a new user namespace, as the PostgreSQL programs will be run; throws the refusal
 * with the fixes when that is not allowed. `unshare` is a parameter so a test can name one that fails.
 */
export function checkNamespaces(unshare = NAMESPACE[0] as string): void {
  const probe = spawnSync(unshare, [...NAMESPACE.slice(1), 'true'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    const detail = probe.error ? probe.error.message : probe.stderr.trim() || `exit code ${probe.status}`;
    throw new RootWithoutNamespacesError(detail);
  }
}

/** Linux's setpriv sets the parent-death signal, so postgres is told when the shop process dies. */
const SETPRIV = '/usr/bin/setpriv';

/**
 * The command line that runs a PostgreSQL program: in a user namespace when the shop runs as
 * root; with `stopWithParent`, asked to stop (SIGINT: a fast shutdown) the moment the shop
 * process dies, however it dies, so no orphaned server keeps DATA_DIR busy.
 */
export function postgresCommand(
  binary: string,
  args: string[],
  { stopWithParent = false }: { stopWithParent?: boolean } = {},
): { command: string; args: string[] } {
  const line = [binary, ...args];
  if (stopWithParent && process.platform === 'linux' && existsSync(SETPRIV)) {
    line.unshift(SETPRIV, '--pdeathsig', 'INT', '--');
  }
  if (isRoot()) {
    if (!namespacesWork) checkNamespaces();
    namespacesWork = true;
    line.unshift(...NAMESPACE);
  }
  return { command: line[0] as string, args: line.slice(1) };
}
