// Runs Debian's nginx with the cluster's own configuration and prefix, never the system service.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderNginxConfig } from './nginx-config.mjs';
import { waitForHttp } from './wait-for-http.mjs';

const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];

/**
 * @param {{ listenPort: number, instancePorts: number[], dir: string }} options
 * @returns {Promise<{ url: string, accessLog: string, setDown(ports: number[]): void, stop(): Promise<void> }>}
 */
export async function startNginx({ listenPort, instancePorts, dir }) {
  const binary = NGINX.find((candidate) => existsSync(candidate));
  if (!binary) throw new Error('nginx is not installed (apt-get install -y nginx)');
  mkdirSync(dir, { recursive: true });
  const configFile = path.join(dir, 'nginx.conf');
  writeFileSync(configFile, renderNginxConfig({ listenPort, instancePorts, prefix: dir }));
  const child = spawn(binary, ['-c', configFile, '-p', dir, '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${listenPort}`;
  await waitForHttp(`${url}/api/health`, { isDead: () => child.exitCode !== null, what: `nginx ${stderr}` }).catch(
    async (error) => {
      child.kill('SIGKILL');
      throw new Error(`${error.message}\n${stderr}`);
    },
  );
  return {
    url,
    accessLog: path.join(dir, 'access.log'),
    /**
     * Takes instances out of rotation (or puts them back) with a graceful reload, before one stops:
     * a connection it had not yet accepted would be reset, and nginx never resends a POST.
     */
    setDown(ports) {
      writeFileSync(configFile, renderNginxConfig({ listenPort, instancePorts, prefix: dir, downPorts: ports }));
      child.kill('SIGHUP');
    },
    async stop() {
      if (child.exitCode !== null) return;
      // SIGQUIT: nginx's graceful stop.
      child.kill('SIGQUIT');
      await exited;
    },
  };
}
