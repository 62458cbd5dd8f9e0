import { useState } from 'react';
import { ACCOUNT_UI_MESSAGES as UI } from '@shopper/contract/plain';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Container } from '../../components/container.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useMailbox } from './api/get-mailbox.ts';
import { LinkedText } from './components/linked-text.tsx';
import styles from './dev-mailbox-page.module.css';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
}

/**
 * /dev/mailbox: the mail the server kept instead of sending, so a new user can click the
 * verification link without an SMTP server (docs/architecture.md#modules). The server answers 404 in production.
 */
export function DevMailboxPage() {
  usePageTitle('Dev Mailbox');
  const mailbox = useMailbox();
  const [openId, setOpenId] = useState<string | null>(null);
  const messages = mailbox.data ?? [];
  const open = messages.find((message) => message.id === openId) ?? null;

  let content;
  if (mailbox.isPending) {
    content = <Spinner label="Loading mail…" />;
  } else if (mailbox.isError) {
    content =
      isApiError(mailbox.error) && mailbox.error.status === 404 ? (
        <EmptyState title="Mailbox unavailable" message={UI.devMailboxOff} />
      ) : (
        <Alert tone="error">{isApiError(mailbox.error) ? mailbox.error.message : 'Failed to load the mailbox'}</Alert>
      );
  } else if (messages.length === 0) {
    content = <EmptyState title="No mail yet" message="Sign up or ask for a password reset: the mail shows up here." />;
  } else {
    content = (
      <div className={styles.layout}>
        <ul className={styles.list} aria-label="Messages, newest first">
          {messages.map((message) => (
            <li key={message.id}>
              <button
                type="button"
                className={styles.item}
                aria-current={message.id === openId ? 'true' : undefined}
                onClick={() => setOpenId(message.id)}
              >
                <span className={styles.subject}>{message.subject}</span>
                <span className={styles.meta}>
                  To {message.to} · <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
                </span>
              </button>
            </li>
          ))}
        </ul>
        <article className={styles.reader} aria-label="Message">
          {open ? (
            <>
              <h2 className={styles.readerTitle}>{open.subject}</h2>
              <p className={styles.meta}>
                To {open.to} · <time dateTime={open.createdAt}>{formatTime(open.createdAt)}</time>
              </p>
              <pre className={styles.body}>
                <LinkedText text={open.text} />
              </pre>
            </>
          ) : (
            <p className={styles.meta}>Choose a message to read it.</p>
          )}
        </article>
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title="Dev Mailbox"
        subtitle="Mail the shop would have sent. Only available outside production."
        breadcrumb={[{ label: 'Home', to: '/' }, { label: 'Dev Mailbox' }]}
      />
      <Container isSection>
        <div className={styles.toolbar}>
          <Button variant="secondary" size="small" disabled={mailbox.isFetching} onClick={() => void mailbox.refetch()}>
            {mailbox.isFetching ? 'Refreshing...' : 'Refresh'}
          </Button>
        </div>
        {content}
      </Container>
    </>
  );
}
