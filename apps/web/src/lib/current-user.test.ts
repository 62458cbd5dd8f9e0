import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { User } from '@shopper/contract';
import { buildUser } from '../test/account-fixtures.ts';
import { currentUserQueryKey, setCurrentUser } from './current-user.ts';

describe('setCurrentUser', () => {
  it('wins over a refetch that started before it and answers after it', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const before = buildUser({ phone: '' });
    const saved = buildUser({ phone: '+1 (555) 123-4567' });
    queryClient.setQueryData(currentUserQueryKey, before);

    // The profile page's refresh on load: its answer, read before the save, arrives late.
    let answerRefetch: (user: User) => void = () => undefined;
    const refetch = queryClient.fetchQuery({
      queryKey: currentUserQueryKey,
      queryFn: () => new Promise<User>((resolve) => (answerRefetch = resolve)),
    });

    await setCurrentUser(queryClient, saved);
    answerRefetch(before);
    await refetch.catch(() => undefined);

    expect(queryClient.getQueryData<User>(currentUserQueryKey)?.phone).toBe('+1 (555) 123-4567');
  });
});
