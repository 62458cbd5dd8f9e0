import type { QueryClient } from '@tanstack/react-query';
import { MessageAnswerSchema } from '@shopper/contract';
import { apiCall } from './api-client.ts';
import { endSession } from './session.ts';

/** Ends the session on the server (best effort) and here, and forgets every cached answer. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    await apiCall('/users/logout', MessageAnswerSchema, { method: 'POST' });
  } catch {
    // Signed out here either way; the server session expires on its own.
  } finally {
    endSession();
    queryClient.clear();
  }
}
