import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /api/newsletter/subscribe: mails a confirmation link (double opt-in, decision 017). */
export function subscribeToNewsletter(email: string) {
  return apiClient.post('/newsletter/subscribe', { email }, (s) => s.NewsletterAnswerSchema);
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
