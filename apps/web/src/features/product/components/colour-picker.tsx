import { useId, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { SHOP_UI_MESSAGES as UI } from '@shopper/contract/plain';
import type { ProductColour } from '@shopper/contract';
import { useIsHydrated } from '../../../hooks/use-is-hydrated.ts';
import { colourSearch } from '../../../lib/product-colours.ts';
import styles from './product-page.module.css';

interface ColourPickerProps {
  colours: ProductColour[];
  chosen: ProductColour;
  onChoose: (colour: ProductColour) => void;
}

/** Where an arrow key moves the choice from `index`, as in a group of radio buttons; undefined for other keys. */
function targetOf(key: string, index: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The product's colours (decision 043, docs/product.md#product-page): a radio group whose options
 * are links to `?colour={slug}`, so that without JavaScript (or before it runs) a swatch loads the
 * page in that colour from the server. Once hydrated a click or an arrow key chooses the colour in
 * place through the router, and only the chosen swatch is in the tab order, as for radio buttons.
 */
export function ColourPicker({ colours, chosen, onChoose }: ColourPickerProps) {
  const labelId = useId();
  const isHydrated = useIsHydrated();
  const options = useRef(new Map<string, HTMLAnchorElement>());

  function choose(colour: ProductColour) {
    if (colour.id !== chosen.id) onChoose(colour);
  }

  function handleClick(event: MouseEvent<HTMLAnchorElement>, colour: ProductColour) {
    // A new tab or window is the browser's: it opens the link.
    if (!isPlainClick(event)) return;
    event.preventDefault();
    choose(colour);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
    if (event.key === ' ') {
      event.preventDefault();
      const colour = colours[index];
      if (colour) choose(colour);
      return;
    }
    const target = targetOf(event.key, index, colours.length);
    const colour = target === undefined ? undefined : colours[target];
    if (!colour) return;
    event.preventDefault();
    choose(colour);
    options.current.get(colour.id)?.focus();
  }

  return (
    <div className={styles.colours}>
      <p className={styles.colourHeading}>
        <span id={labelId} className={styles.label}>
          {UI.colourLabel}
        </span>{' '}
        <span className={styles.colourName}>{chosen.name}</span>
      </p>
      <div role="radiogroup" aria-labelledby={labelId} className={styles.colourOptions}>
        {colours.map((colour, index) => {
          const isChosen = colour.id === chosen.id;
          return (
            <a
              key={colour.id}
              ref={(element) => {
                if (element) options.current.set(colour.id, element);
                else options.current.delete(colour.id);
              }}
              role="radio"
              aria-checked={isChosen}
              // Before hydration every swatch is a link of its own; after, the group is one tab stop.
              tabIndex={isHydrated ? (isChosen ? 0 : -1) : undefined}
              href={colourSearch(colour)}
              title={colour.name}
              className={styles.colourOption}
              data-sold-out={!colour.in_stock}
              onClick={(event) => handleClick(event, colour)}
              onKeyDown={(event) => handleKeyDown(event, index)}
            >
              <span className={styles.colourSwatch} style={{ backgroundColor: colour.swatch }} aria-hidden="true" />
              <span className="visually-hidden">{colour.name}</span>
            </a>
          );
        })}
      </div>
    </div>
  );
}
