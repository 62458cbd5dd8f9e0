import { GUEST_CHECKOUT_MESSAGES as G } from '@shopper/contract/plain';
import { ButtonLink } from '../../../components/button.tsx';
import styles from '../orders.module.css';

/**
 * docs/product.md#guest-checkout: an order read without an account invites its buyer to create one
 * with the same email; once that address is confirmed, the guest's orders join the account's history.
 * Signup fills its Email field from the route state `email`, as /verify-pending reads it.
 */
export function CreateAccountPanel({ email }: { email: string | null }) {
  return (
    <section className={`${styles.panel} ${styles.createAccount}`} aria-labelledby="create-account-title">
      <h2 id="create-account-title" className={styles.panelTitle}>
        {G.createAccountTitle}
      </h2>
      <p>{email ? G.createAccountPrompt(email) : G.createAccountPromptWithoutEmail}</p>
      <div>
        <ButtonLink to="/signup" state={email ? { email } : undefined}>
          {G.createAccountAction}
        </ButtonLink>
      </div>
    </section>
  );
}
