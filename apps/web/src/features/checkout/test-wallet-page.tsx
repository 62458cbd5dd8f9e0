import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatUsd } from '@shopper/contract/plain';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Container } from '../../components/container.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { messageOf } from '../../lib/form-errors.ts';
import { decideTestWallet, readTestIntent } from './api/test-provider.ts';
import styles from './checkout.module.css';

/**
 * /test-wallet/:intentId: the test-mode provider's wallet page, standing where a real wallet's or
 * bank's page would. Approving or declining sends the shopper back to the shop's return page.
 */
export function TestWalletPage() {
  usePageTitle('Test wallet');
  const { intentId = '' } = useParams();
  const [params] = useSearchParams();
  const clientSecret = params.get('client_secret') ?? '';
  const intent = useQuery({
    queryKey: ['test-wallet', intentId],
    queryFn: () => readTestIntent(intentId, clientSecret),
    retry: false,
  });
  const [isLeaving, setIsLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function decide(outcome: 'complete' | 'fail') {
    setIsLeaving(true);
    setError(null);
    try {
      const { returnUrl } = await decideTestWallet(intentId, { clientSecret, outcome });
      window.location.assign(returnUrl);
    } catch (failure) {
      setError(messageOf(failure, 'The test wallet could not answer.'));
      setIsLeaving(false);
    }
  }

  let content;
  if (intent.isPending) content = <Spinner label="Loading the payment…" />;
  else if (intent.isError) content = <Alert tone="error">{messageOf(intent.error, 'No such payment.')}</Alert>;
  else {
    const isWaiting = intent.data.status === 'requires_action' && intent.data.nextAction?.type === 'redirect';
    content = (
      <>
        <p>
          The shop asks for <strong>{formatUsd(intent.data.amount / 100)}</strong>. This wallet is part of the shop’s
          test mode: no money moves.
        </p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        {isWaiting ? (
          <div className={styles.walletActions}>
            <Button variant="accent" isBlock disabled={isLeaving} onClick={() => void decide('complete')}>
              Approve payment
            </Button>
            <Button variant="secondary" isBlock disabled={isLeaving} onClick={() => void decide('fail')}>
              Decline
            </Button>
          </div>
        ) : (
          <Alert tone="error">This payment is not waiting for the wallet.</Alert>
        )}
      </>
    );
  }

  return (
    <Container isSection>
      <div className={styles.wallet}>
        <h1 className={styles.title}>Test wallet</h1>
        {content}
      </div>
    </Container>
  );
}
