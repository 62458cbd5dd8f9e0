import styles from './swatch.module.css';

/** The round swatch drawn beside a colour's name; the name says it for people who cannot see it. */
export function Swatch({ swatch }: { swatch: string }) {
  return <span className={styles.swatch} style={{ backgroundColor: swatch }} aria-hidden="true" />;
}
