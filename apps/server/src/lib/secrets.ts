import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dataDirLayout } from '../db/data-dir-layout.ts';

/**
 * Outside production a fresh install needs no configuration: the JWT secret is generated on first
 * start and kept in DATA_DIR (mode 600) so sessions survive a restart.
 */
export function loadOrCreateJwtSecret(dataDir: string): string {
  const file = dataDirLayout(dataDir).secrets;
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { jwtSecret?: unknown };
    if (typeof saved.jwtSecret === 'string' && saved.jwtSecret.length >= 32) return saved.jwtSecret;
  }
  mkdirSync(dataDir, { recursive: true });
  const jwtSecret = randomBytes(48).toString('base64url');
  writeFileSync(file, JSON.stringify({ jwtSecret }), { mode: 0o600 });
  return jwtSecret;
}
