// `npm run dev`: the API with tsx watch on :3000, Vite's dev servers (proxying /api) for the shop on :5173
// and the back office on :5174/dashboard/.
import { spawn } from 'node:child_process';
import { withDemoDefault } from './demo-default.mjs';

withDemoDefault(process.env);

const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'apps/dashboard'], { stdio: 'inherit' }),
];

function stopAll(code) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
