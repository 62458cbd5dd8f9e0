// Varnish from Debian in front of the balancer, as a shop's caching proxy: the VCL is the ban
// example of docs/scaling.md (guest answers cached by what the shop's Cache-Control says, bans by
// surrogate key from the workers), on a port and working folder of the run's own.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const VARNISHD = ['/usr/sbin/varnishd', '/usr/local/sbin/varnishd'];

/** The VCL of docs/scaling.md#varnish with `CACHE_PURGE=varnish-ban`, its backend the balancer. */
export function renderVcl({ backendPort }) {
  return `vcl 4.1;
import std;

backend shop { .host = "127.0.0.1"; .port = "${backendPort}"; }
acl purgers { "127.0.0.1"; }

sub vcl_recv {
  if (req.method == "BAN") {
    if (client.ip !~ purgers) { return (synth(403)); }
    # No space in the regex: a ban splits its expression at spaces. A refused ban answers 400,
    # so the shop retries it instead of taking it for done.
    if (std.ban("obj.http.Surrogate-Key ~ (^|[[:space:]])(" + regsuball(req.http.xkey-purge, " ", "|") + ")([[:space:]]|$)")) {
      return (synth(200, "Banned"));
    }
    return (synth(400, std.ban_error()));
  }
  # Guest answers only: a request that may be signed in goes straight through.
  if (req.http.Cookie || req.http.Authorization || req.http.auth-token) { return (pass); }
}

sub vcl_deliver {
  if (obj.hits > 0) { set resp.http.X-Cache = "HIT"; } else { set resp.http.X-Cache = "MISS"; }
  unset resp.http.Surrogate-Key;
  unset resp.http.Cache-Tag;
}
`;
}

/**
 * @param {{ port: number, backendPort: number, dir: string }} options
 * @returns {Promise<{ url: string, stop(): Promise<void> }>}
 */
export async function startVarnish({ port, backendPort, dir }) {
  const binary = VARNISHD.find((candidate) => existsSync(candidate));
  if (!binary) throw new Error('varnishd is not installed (apt-get install -y varnish)');
  mkdirSync(dir, { recursive: true });
  // varnishd's workers run as its own unprivileged user and read the working folder.
  chmodSync(dir, 0o755);
  const vcl = path.join(dir, 'default.vcl');
  writeFileSync(vcl, renderVcl({ backendPort }));
  let output = '';
  const child = spawn(
    binary,
    ['-F', '-a', `127.0.0.1:${port}`, '-f', vcl, '-n', path.join(dir, 'work'), '-s', 'malloc,64m', '-T', 'none'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`varnishd exited:\n${output}`);
    try {
      // Any answer means it listens (the backend may still be starting).
      await fetch(`${url}/api/health`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`varnishd did not listen on ${port}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
