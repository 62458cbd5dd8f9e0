import { SHOP_UI_MESSAGES as UI, TEST_CARDS } from '@shopper/contract/plain';
import styles from '../checkout.module.css';

/** The test card numbers of docs/product.md#test-cards (from the contract), so anyone can try each outcome. */
export function TestCardsList() {
  return (
    <section className={styles.testCards} aria-labelledby="test-cards-title">
      <h3 id="test-cards-title" className={styles.testCardsTitle}>
        {UI.testCardsTitle}
      </h3>
      <p className={styles.muted}>{UI.testCardsNote}</p>
      <ul className={styles.testCardList}>
        {TEST_CARDS.map((card) => (
          <li key={card.number}>
            <code>{card.number}</code>
            <span>{card.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
