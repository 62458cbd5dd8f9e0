import type { Collection } from '@shopper/contract';
import { COLLECTION_MESSAGES, builtInBannerSrcSet, collectionPath } from '@shopper/contract/plain';
import { ButtonLink } from '../../../components/button.tsx';
import styles from './home.module.css';

/** The hero staff chose: a collection's name, description and banner, leading to its page. */
export function CollectionHero({ collection }: { collection: Collection }) {
  const { banner } = collection;
  const srcSet = banner ? builtInBannerSrcSet(banner.image) : null;
  return (
    <section className={styles.hero} aria-labelledby="hero-heading">
      <div className={styles.heroInner}>
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>Collection</p>
          <h1 id="hero-heading" className={styles.heroTitle}>
            {collection.name}
          </h1>
          {collection.description ? <p className={styles.heroLead}>{collection.description}</p> : null}
          <ButtonLink to={collectionPath(collection.slug)} variant="primary">
            {COLLECTION_MESSAGES.shopCollection} <span aria-hidden="true">→</span>
          </ButtonLink>
        </div>
        {banner ? (
          <img
            className={styles.heroBanner}
            src={banner.image}
            srcSet={srcSet ?? undefined}
            sizes={srcSet ? '(max-width: 700px) 100vw, 50vw' : undefined}
            alt={banner.alt}
            width={banner.width}
            height={banner.height}
            fetchPriority="high"
          />
        ) : null}
      </div>
    </section>
  );
}
