import { describe, expect, it, vi } from 'vitest';
import './zod-jitless.ts';

describe('zod in the browser', () => {
  it('runs jitless, so it never evaluates code the CSP forbids', async () => {
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });

  it('parses answers without ever constructing a Function', async () => {
    const construct = vi.spyOn(globalThis, 'Function');
    const { ErrorBodySchema } = await import('@shopper/contract');
    const body = { success: false, code: 'NOT_FOUND', message: 'Product not found' };
    // Object parsers compile on their first synchronous parse, when allowed to.
    expect(ErrorBodySchema.parse(body)).toEqual(body);
    expect(ErrorBodySchema.parse(body)).toEqual(body);
    expect(construct).not.toHaveBeenCalled();
  });
});
