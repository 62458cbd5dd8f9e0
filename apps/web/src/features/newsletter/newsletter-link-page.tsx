import { useSearchParams } from 'react-router';
import { NEWSLETTER_MESSAGES as N } from '@shopper/contract/plain';
import { Alert } from '../../components/alert.tsx';
import { ButtonLink } from '../../components/button.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { StatusPage } from '../../components/status-page.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { messageOf } from '../../lib/form-errors.ts';
import { type NewsletterLinkAction, useNewsletterLink } from './api/newsletter-links.ts';

const TITLES: Record<NewsletterLinkAction, { pending: string; done: string; failed: string; fallback: string }> = {
  confirm: {
    pending: 'Confirming your subscription…',
    done: 'Subscription Confirmed',
    failed: 'Subscription Not Confirmed',
    fallback: N.confirmFailed,
  },
  unsubscribe: {
    pending: 'Unsubscribing…',
    done: 'Unsubscribed',
    failed: 'Unsubscribe Failed',
    fallback: N.unsubscribeFailed,
  },
};

/** /newsletter/confirm and /newsletter/unsubscribe: the link of a newsletter mail, followed in one click. */
export function NewsletterLinkPage({ action }: { action: NewsletterLinkAction }) {
  const titles = TITLES[action];
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  const link = useNewsletterLink(action, token);
  const title = !token ? titles.failed : link.isPending ? titles.pending : link.isError ? titles.failed : titles.done;
  usePageTitle(title);

  return (
    <StatusPage
      title={title}
      actions={
        <>
          <ButtonLink to="/">Continue Shopping</ButtonLink>
          <ButtonLink to="/shop" variant="secondary">
            View Offers
          </ButtonLink>
        </>
      }
    >
      {!token ? (
        <Alert tone="error">{N.noToken}</Alert>
      ) : link.isPending ? (
        <Spinner label={titles.pending} />
      ) : link.isError ? (
        <Alert tone="error">{messageOf(link.error, titles.fallback)}</Alert>
      ) : (
        <Alert tone="success">{link.data.message}</Alert>
      )}
    </StatusPage>
  );
}

export function NewsletterConfirmPage() {
  return <NewsletterLinkPage action="confirm" />;
}

export function NewsletterUnsubscribePage() {
  return <NewsletterLinkPage action="unsubscribe" />;
}
