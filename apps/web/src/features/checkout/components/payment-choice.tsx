import type { SavedPaymentMethod } from '@shopper/contract';
import { cardLabel } from '../../../lib/saved-cards.ts';
import styles from '../checkout.module.css';

/** A new card (or, with Stripe, any method the Payment Element offers). */
export const NEW_CARD = 'new';
/** The test-mode provider's wallet, a redirect method. */
export const WALLET = 'wallet';
const SAVED = 'saved:';

export const savedChoice = (paymentMethodId: string) => `${SAVED}${paymentMethodId}`;
/** The saved card's provider id when a saved card is picked. */
export const savedCardOf = (choice: string) => (choice.startsWith(SAVED) ? choice.slice(SAVED.length) : null);

interface PaymentChoiceProps {
  cards: readonly SavedPaymentMethod[];
  value: string;
  onChoose: (choice: string) => void;
  isDisabled: boolean;
  /** Test mode offers its wallet; with Stripe the Payment Element lists the device's wallets itself. */
  hasTestWallet: boolean;
  newLabel: string;
}

/** How to pay: a saved card of the customer's, a new card, or the test wallet. */
export function PaymentChoice({ cards, value, onChoose, isDisabled, hasTestWallet, newLabel }: PaymentChoiceProps) {
  const choices = [
    ...cards.map((card) => ({ id: savedChoice(card.paymentMethodId), label: cardLabel(card), note: 'Saved card' })),
    { id: NEW_CARD, label: newLabel, note: '' },
    ...(hasTestWallet
      ? [{ id: WALLET, label: 'Test wallet', note: 'Approve on the wallet’s page, then come back' }]
      : []),
  ];
  if (choices.length === 1) return null;
  return (
    <fieldset className={styles.payWith} disabled={isDisabled}>
      <legend className="visually-hidden">Pay with</legend>
      <div className={styles.methods}>
        {choices.map((choice) => (
          <label key={choice.id} className={styles.method}>
            <input
              type="radio"
              name="paymentChoice"
              value={choice.id}
              checked={choice.id === value}
              onChange={() => onChoose(choice.id)}
            />
            <span className={styles.methodName}>
              {choice.label}
              {choice.note ? <small>{choice.note}</small> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
