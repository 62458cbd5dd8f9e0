import { ErrorBodySchema } from '@shopper/contract';
import { describe, expect, it } from 'vitest';
import { adminErrors } from './admin-responses.ts';

describe('adminErrors', () => {
  it("always has the guard's 401 and 403, plus the statuses named, each the shop's error body", () => {
    expect(Object.keys(adminErrors())).toEqual(['401', '403']);
    const errors = adminErrors(400, 404, 409);
    expect(Object.keys(errors).sort()).toEqual(['400', '401', '403', '404', '409']);
    expect(Object.values(errors).every((schema) => schema === ErrorBodySchema)).toBe(true);
  });
});
