import { MESSAGES, PAGE_TITLES } from '@shopper/contract/plain';
import { ButtonLink } from '../../components/button.tsx';
import { Container } from '../../components/container.tsx';
import { HydrationPart } from '../../components/hydration-part.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useFeaturedWomen } from './api/get-featured-women.ts';
import { useHomeSections } from './api/get-home-sections.ts';
import { useNewCollection } from './api/get-new-collection.ts';
import { CollectionHero } from './components/collection-hero.tsx';
import { FeaturedCollection } from './components/featured-collection.tsx';
import { HeroArt } from './components/hero-art.tsx';
import { Newsletter } from './components/newsletter.tsx';
import { ProductSection } from './components/product-section.tsx';
import styles from './components/home.module.css';

/**
 * docs/product.md#home. Staff may choose a collection as the hero and collections to feature above
 * the fixed sections (docs/collections.md); with none chosen, or while they load, the page is the default.
 */
export function HomePage() {
  usePageTitle(PAGE_TITLES.home);
  const featuredWomen = useFeaturedWomen();
  const newCollection = useNewCollection();
  const sections = useHomeSections().data;

  return (
    <>
      <HydrationPart>
        {sections?.hero ? (
          <CollectionHero collection={sections.hero} />
        ) : (
          <section className={styles.hero} aria-labelledby="hero-heading">
            <div className={styles.heroInner}>
              <div className={styles.heroText}>
                <p className={styles.eyebrow}>Spring / Summer 2025</p>
                <h1 id="hero-heading" className={styles.heroTitle}>
                  NEW ARRIVALS ONLY
                </h1>
                <p className={styles.heroLead}>
                  Fresh cuts, soft fabrics and easy layers for the whole family — picked for the new season.
                </p>
                <ButtonLink to="/shop" variant="primary">
                  Latest Collection <span aria-hidden="true">→</span>
                </ButtonLink>
              </div>
              <HeroArt className={styles.heroArt} />
            </div>
          </section>
        )}
      </HydrationPart>

      <Container>
        <div className={styles.sections}>
          {sections?.featured.map(({ collection, products }) => (
            <FeaturedCollection key={collection.slug} collection={collection} products={products} />
          ))}

          <ProductSection
            id="popular-women"
            title="Popular For Women"
            query={featuredWomen}
            errorMessage={MESSAGES.loadPopularFailed}
            skeletonCount={4}
          />

          <section className={styles.deals} aria-labelledby="deals-heading">
            <div className={styles.dealsText}>
              <p className={styles.dealsEyebrow}>Exclusive Deals</p>
              <h2 id="deals-heading" className={styles.dealsTitle}>
                Offers For You
              </h2>
              <p className={styles.dealsLead}>Markdowns across the store on the season&apos;s best sellers.</p>
            </div>
            <ButtonLink to="/shop?discount=true" className={styles.dealsLink}>
              Discover Now
            </ButtonLink>
          </section>

          <ProductSection
            id="new-collection"
            title="New Collection"
            query={newCollection}
            errorMessage={MESSAGES.loadNewArrivalsFailed}
            skeletonCount={8}
          />

          <HydrationPart>
            <Newsletter />
          </HydrationPart>
        </div>
      </Container>
    </>
  );
}
