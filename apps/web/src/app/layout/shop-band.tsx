import { useQuery } from '@tanstack/react-query';
import { shopBandText } from '@shopper/contract/plain';
import { shippingOfferQueryOptions } from '../../lib/shipping-offer.ts';
import styles from './root-layout.module.css';

/**
 * The band under the header: the shop's shipping promise, from the owner's zones and methods, and
 * its returns. Until the promise is known (a page the server did not render), only the returns.
 */
export function ShopBand() {
  const { data: offer } = useQuery(shippingOfferQueryOptions);
  const { accent, rest } = shopBandText(offer);
  return (
    // A landmark of its own: every part of the page sits in one, for those who move by landmarks.
    <section className={styles.band} aria-label="Shipping and returns">
      <p className={styles.bandInner}>
        <span className={styles.bandAccent}>{accent}</span>
        {rest}
      </p>
    </section>
  );
}
