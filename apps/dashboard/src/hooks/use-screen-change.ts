import { useState } from 'react';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { type AnswerSchema, apiCall, messageOf } from '../lib/api-client.ts';
import { notifySuccess } from '../lib/toast.ts';

export type ScreenCall = { path: string; method: 'POST' | 'PUT' | 'DELETE'; body?: unknown };

/**
 * A change on a screen whose every change answers the screen's whole data (the Shipping and Taxes
 * screens): the answer replaces the cached data, its message is shown, and a refusal's message
 * stays under the form until the next try.
 */
export function useScreenChange<A extends { message?: string | undefined }, D>({
  base,
  schema,
  queryKey,
  dataOf,
  onDone,
}: {
  base: string;
  schema: AnswerSchema<A>;
  queryKey: QueryKey;
  dataOf: (answer: A) => D;
  onDone?: () => void;
}) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: ({ path, method, body }: ScreenCall) => apiCall(`${base}${path}`, schema, { method, body }),
    onSuccess: (answer: A) => {
      queryClient.setQueryData(queryKey, dataOf(answer));
      setError(undefined);
      notifySuccess(answer.message ?? 'Saved.');
      onDone?.();
    },
    onError: (failure) => setError(messageOf(failure, 'The change could not be saved.')),
  });
  return { run: (call: ScreenCall) => mutation.mutate(call), isBusy: mutation.isPending, error };
}
