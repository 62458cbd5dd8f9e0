import type { ShippingOption } from '@shopper/contract';
import { SHIPPING_MESSAGES, formatUsd } from '@shopper/contract/plain';
import styles from '../checkout.module.css';

interface ShippingMethodsProps {
  options: readonly ShippingOption[];
  chosen: string;
  onChoose: (id: string) => void;
  isDisabled: boolean;
  /** Shown instead of the list when the shop does not ship to the address. */
  noShippingMessage: string;
}

/** The methods offered at the address, priced by the server; choosing one re-prices the summary. */
export function ShippingMethods({ options, chosen, onChoose, isDisabled, noShippingMessage }: ShippingMethodsProps) {
  return (
    <fieldset className={styles.fieldset} disabled={isDisabled}>
      <legend className={styles.sectionTitle}>Shipping method</legend>
      {options.length === 0 ? (
        <p role="alert">{noShippingMessage}</p>
      ) : (
        <div className={styles.methods}>
          {options.map((option) => (
            <label key={option.id} className={styles.method}>
              <input
                type="radio"
                name="shippingMethod"
                value={option.id}
                checked={option.id === chosen}
                onChange={() => onChoose(option.id)}
              />
              <span className={styles.methodName}>
                {option.name}
                {option.estimate ? <small>{option.estimate}</small> : null}
              </span>
              <span className={styles.methodPrice}>
                {option.price === 0 ? SHIPPING_MESSAGES.shippingFree : formatUsd(option.price)}
              </span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
