import { useId, useState, type FormEvent } from 'react';
import { MESSAGES, NEWSLETTER_MESSAGES as N } from '@shopper/contract/plain';
import { Button } from '../../../components/button.tsx';
import { messageOf } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import { useSubscribeToNewsletter } from '../api/subscribe-newsletter.ts';
import styles from './home.module.css';

// Same shape as the server's email rule, without loading zod on the home page.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function Newsletter() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const subscribe = useSubscribeToNewsletter();
  const inputId = useId();
  const errorId = useId();

  // Says what really happened: a confirmation link is on its way (double opt-in), not "Subscribed!".
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    setNotice(null);
    if (!value) return setError(MESSAGES.emailRequired);
    if (!EMAIL_PATTERN.test(value)) return setError(MESSAGES.emailInvalid);
    setError(null);
    subscribe.mutate(value, {
      onSuccess: (answer) => {
        setEmail('');
        setNotice(answer.message);
      },
      onError: (failure) => {
        const message = messageOf(failure, N.subscribeFailed);
        setError(message);
        showToast(message, 'error');
      },
    });
  }

  return (
    <section className={styles.newsletter} aria-labelledby="newsletter-heading">
      <h2 id="newsletter-heading" className={styles.newsletterTitle}>
        Get Exclusive Offers On Your Email
      </h2>
      <p className={styles.newsletterText}>Subscribe to our newsletter and stay updated.</p>
      <form className={styles.newsletterForm} onSubmit={handleSubmit} noValidate>
        <label htmlFor={inputId} className="visually-hidden">
          Email address
        </label>
        <input
          id={inputId}
          className={styles.newsletterInput}
          type="email"
          autoComplete="email"
          placeholder="Your email address"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <Button type="submit" variant="primary" disabled={subscribe.isPending}>
          Subscribe Now
        </Button>
      </form>
      {error ? (
        <p id={errorId} className={styles.newsletterError} role="alert">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p className={styles.newsletterNotice} role="status">
          {notice}
        </p>
      ) : null}
    </section>
  );
}
