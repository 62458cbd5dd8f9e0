import type { MouseEvent, ReactNode } from 'react';
import { paginationWindow } from '@shopper/contract/plain';
import styles from './pagination.module.css';

interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /**
   * The URL of a page: given, pages are links that work without JavaScript (and for crawlers);
   * a plain click still goes through onPageChange.
   */
  hrefFor?: (page: number) => string;
}

interface ControlProps {
  target: number;
  className: string | undefined;
  label: string;
  isCurrent?: boolean;
  isDisabled?: boolean;
  hrefFor: PaginationProps['hrefFor'];
  onChoose: (page: number) => void;
  children: ReactNode;
}

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

function Control({ target, className, label, isCurrent, isDisabled, hrefFor, onChoose, children }: ControlProps) {
  if (hrefFor && !isDisabled) {
    return (
      <a
        href={hrefFor(target)}
        className={className}
        aria-label={label}
        aria-current={isCurrent ? 'page' : undefined}
        onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          onChoose(target);
        }}
      >
        {children}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={className}
      onClick={() => onChoose(target)}
      disabled={isDisabled}
      aria-label={label}
      aria-current={isCurrent ? 'page' : undefined}
    >
      {children}
    </button>
  );
}

/** Page bar of docs/product.md#listing: every page when five or fewer, else first, last, ellipses and a window. */
export function Pagination({ page, totalPages, onPageChange, hrefFor }: PaginationProps) {
  if (totalPages <= 1) return null;
  const items = paginationWindow(page, totalPages);
  return (
    <nav className={styles.nav} aria-label="Pagination">
      <ul className={styles.list}>
        <li>
          <Control
            target={page - 1}
            className={styles.step}
            label="Previous page"
            isDisabled={page <= 1}
            hrefFor={hrefFor}
            onChoose={onPageChange}
          >
            <span aria-hidden="true">‹ </span>
            <span className={styles.stepLabel}>Previous</span>
          </Control>
        </li>
        {items.map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <Control
                target={item}
                className={styles.page}
                label={`Page ${item}`}
                isCurrent={item === page}
                hrefFor={hrefFor}
                onChoose={(chosen) => chosen !== page && onPageChange(chosen)}
              >
                {item}
              </Control>
            </li>
          ) : (
            <li key={item} className={styles.ellipsis} aria-hidden="true">
              …
            </li>
          ),
        )}
        <li>
          <Control
            target={page + 1}
            className={styles.step}
            label="Next page"
            isDisabled={page >= totalPages}
            hrefFor={hrefFor}
            onChoose={onPageChange}
          >
            <span className={styles.stepLabel}>Next</span>
            <span aria-hidden="true"> ›</span>
          </Control>
        </li>
      </ul>
    </nav>
  );
}
