// Polls a URL until it answers 2xx: starting processes tell us nothing else about readiness.

/**
 * @param {string} url
 * @param {{ isDead?: () => boolean, timeoutMs?: number, what?: string }} [options]
 */
export async function waitForHttp(url, { isDead = () => false, timeoutMs = 60_000, what = url } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (isDead()) throw new Error(`${what} exited before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${what} was not ready within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
