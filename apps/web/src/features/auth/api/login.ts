import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LOGIN_DELAY_MS } from '@shopper/contract/plain';
import type { AuthAnswer, LoginBody, SignupBody } from '@shopper/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { setCurrentUser } from '../../../lib/current-user.ts';
import { startSession } from '../../../lib/session.ts';
import { mergeGuestCart } from './merge-guest-cart.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** POST /api/users/login, after the 300 ms delay of docs/product.md#auth-pages. */
export async function login(body: LoginBody): Promise<AuthAnswer> {
  await wait(LOGIN_DELAY_MS);
  return apiClient.post('/users/login', body, (s) => s.AuthAnswerSchema);
}

/** POST /api/users/signup, after the same delay (docs/product.md#auth-pages: signup too). */
export async function signup(body: SignupBody): Promise<AuthAnswer> {
  await wait(LOGIN_DELAY_MS);
  return apiClient.post('/users/signup', body, (s) => s.AuthAnswerSchema);
}

/**
 * Stores the token and the user: the user first, so the new session does not fetch /me again. Then
 * a guest cart joins the account's, before the page the shopper came from reads the cart.
 */
function useStartSession() {
  const queryClient = useQueryClient();
  return async (answer: AuthAnswer) => {
    await setCurrentUser(queryClient, answer.user);
    startSession(answer.accessToken);
    await mergeGuestCart(queryClient);
  };
}

export function useLogin() {
  const start = useStartSession();
  return useMutation({ mutationFn: login, onSuccess: start });
}

export function useSignup() {
  const start = useStartSession();
  return useMutation({ mutationFn: signup, onSuccess: start });
}
