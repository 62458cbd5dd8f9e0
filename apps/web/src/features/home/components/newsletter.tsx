import { useId, useState, type FormEvent } from 'react';
import { MESSAGES } from '@shopper/contract';
import { Button } from '../../../components/button.tsx';
import { showToast } from '../../../lib/toast.ts';
import styles from './home.module.css';

// Same shape as the server's email rule; the subscribe call itself is "not shown" in SPEC §7.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function Newsletter() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    if (!value) return setError(MESSAGES.emailRequired);
    if (!EMAIL_PATTERN.test(value)) return setError(MESSAGES.emailInvalid);
    setError(null);
    setEmail('');
    showToast('Subscribed! We will email you about new arrivals and offers.', 'info');
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
        <Button type="submit" variant="primary">
          Subscribe Now
        </Button>
      </form>
      {error ? (
        <p id={errorId} className={styles.newsletterError} role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
