import { useCallback, useRef, useState } from 'react';

export type ChallengeOutcome = 'complete' | 'fail';

/**
 * The 3-D Secure style challenge of the test-mode provider as a promise: the flow waits while
 * the dialog is open and goes on with the customer's choice. Closing the dialog fails the check.
 */
export function useAuthenticationChallenge() {
  const [isOpen, setIsOpen] = useState(false);
  const resolver = useRef<((outcome: ChallengeOutcome) => void) | null>(null);

  const request = useCallback(
    () =>
      new Promise<ChallengeOutcome>((resolve) => {
        resolver.current = resolve;
        setIsOpen(true);
      }),
    [],
  );

  const choose = useCallback((outcome: ChallengeOutcome) => {
    setIsOpen(false);
    resolver.current?.(outcome);
    resolver.current = null;
  }, []);

  return { isOpen, request, choose };
}
