import type { OrderStatus } from '@shopper/contract';
import { formatShortDate } from '../order-format.ts';
import styles from '../orders.module.css';

export const TRACKER_STEPS = ['Processing', 'Shipped', 'Delivered'] as const satisfies readonly OrderStatus[];

/**
 * docs/product.md#order-status: Processing is highlighted for Processing, Shipped and Delivered; Shipped
 * for Shipped and Delivered; Delivered for Delivered. A cancelled order highlights none.
 */
export function isStepReached(step: (typeof TRACKER_STEPS)[number], status: OrderStatus): boolean {
  const reached = TRACKER_STEPS.indexOf(status as (typeof TRACKER_STEPS)[number]);
  return reached >= 0 && TRACKER_STEPS.indexOf(step) <= reached;
}

/** The status as a badge (Cancelled appears only this way, docs/product.md#order-status). */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={styles.badge} data-status={status.toLowerCase()}>
      {status}
    </span>
  );
}

export type StepDates = Partial<Record<(typeof TRACKER_STEPS)[number], string | null>>;

/**
 * Processing → Shipped → Delivered, with the steps the order has reached highlighted and, when
 * known, the day each was reached. `isCompact` is the order history card's smaller version.
 */
export function StatusTracker({
  status,
  dates = {},
  isCompact = false,
}: {
  status: OrderStatus;
  dates?: StepDates;
  isCompact?: boolean;
}) {
  return (
    <ol className={styles.tracker} aria-label="Order progress" data-compact={isCompact}>
      {TRACKER_STEPS.map((step, index) => {
        const isReached = isStepReached(step, status);
        const date = isReached ? dates[step] : null;
        return (
          <li
            key={step}
            className={styles.trackerStep}
            data-reached={isReached}
            aria-current={step === status ? 'step' : undefined}
          >
            <span className={styles.trackerDot} aria-hidden="true">
              {isReached ? '✓' : index + 1}
            </span>
            <span>{step}</span>
            <span className="visually-hidden">{isReached ? ' (reached)' : ' (not yet)'}</span>
            {date ? (
              <time className={styles.trackerDate} dateTime={date}>
                {formatShortDate(date)}
              </time>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
