import type { DehydratedState } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** The id of the `<script type="application/json">` the server renderer fills with the query cache. */
export const DEHYDRATED_STATE_ID = 'shopper-state';

type SerializedError = { apiError: { status: number; message: string; code?: string } };

function isSerializedError(value: unknown): value is SerializedError {
  return typeof value === 'object' && value !== null && 'apiError' in value;
}

/**
 * The query cache as JSON for a script element. A failed query keeps its ApiError (a product's 404
 * must render "not found" in the browser as it did on the server, or hydration breaks), and every
 * `<` is escaped so no product text can close the element.
 */
export function serializeDehydratedState(state: DehydratedState): string {
  const queries = state.queries.map((query) => {
    const error = query.state.error;
    if (!(error instanceof ApiError)) return query;
    const apiError = { status: error.status, message: error.message, code: error.code };
    return { ...query, state: { ...query.state, error: { apiError } } };
  });
  return JSON.stringify({ ...state, queries }).replace(/</g, '\\u003c');
}

/** Reads what serializeDehydratedState wrote; null when there is nothing usable. */
export function parseDehydratedState(text: string | null | undefined): DehydratedState | null {
  if (!text) return null;
  let state: DehydratedState;
  try {
    state = JSON.parse(text) as DehydratedState;
  } catch {
    return null;
  }
  if (!Array.isArray(state.queries) || !Array.isArray(state.mutations)) return null;
  for (const query of state.queries) {
    const error: unknown = query.state.error;
    if (isSerializedError(error)) {
      const { status, message, code } = error.apiError;
      query.state.error = new ApiError(status, message, { code });
    }
  }
  return state;
}
