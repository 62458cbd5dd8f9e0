import { useSearchParams } from 'react-router';
import { BACK_IN_STOCK_MESSAGES as B } from '@shopper/contract/plain';
import { Alert } from '../../components/alert.tsx';
import { ButtonLink } from '../../components/button.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { StatusPage } from '../../components/status-page.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { messageOf } from '../../lib/form-errors.ts';
import { type BackInStockLinkAction, useBackInStockLink } from './api/back-in-stock-links.ts';

const TEXTS: Record<
  BackInStockLinkAction,
  { titles: { pending: string; done: string; failed: string }; fallback: string; more: string }
> = {
  confirm: {
    titles: B.confirmTitle,
    fallback: B.confirmFailed,
    more: 'We send one email, as soon as the size is back. Every email has a link to stop them.',
  },
  unsubscribe: {
    titles: B.unsubscribeTitle,
    fallback: B.unsubscribeFailed,
    more: 'Changed your mind? Ask again on any sold-out size with "Notify me when it\'s back".',
  },
};

/**
 * /back-in-stock/confirm and /back-in-stock/unsubscribe: the links of a back-in-stock mail,
 * followed in one click (docs/after-purchase.md#notify-me-when-its-back).
 */
export function BackInStockLinkPage({ action }: { action: BackInStockLinkAction }) {
  const { titles, fallback, more } = TEXTS[action];
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  const link = useBackInStockLink(action, token);
  const title = !token ? titles.failed : link.isPending ? titles.pending : link.isError ? titles.failed : titles.done;
  usePageTitle(title);

  return (
    <StatusPage
      title={title}
      actions={
        <>
          <ButtonLink to="/shop">Continue Shopping</ButtonLink>
          <ButtonLink to="/" variant="secondary">
            Home
          </ButtonLink>
        </>
      }
    >
      {!token ? (
        <Alert tone="error">{B.noToken}</Alert>
      ) : link.isPending ? (
        <Spinner label={titles.pending} />
      ) : link.isError ? (
        <Alert tone="error">{messageOf(link.error, fallback)}</Alert>
      ) : (
        <>
          <Alert tone="success">{link.data.message}</Alert>
          <p>{more}</p>
        </>
      )}
    </StatusPage>
  );
}

export function BackInStockConfirmPage() {
  return <BackInStockLinkPage action="confirm" />;
}

export function BackInStockUnsubscribePage() {
  return <BackInStockLinkPage action="unsubscribe" />;
}
