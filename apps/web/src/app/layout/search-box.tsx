import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { formatUsd } from '@shopper/contract/plain';
import { useChangesBeforeHydration } from '../../hooks/use-changes-before-hydration.ts';
import { apiClient } from '../../lib/api-client.ts';
import styles from './search-box.module.css';

/** Suggestions wait for this pause in the typing, and for this many letters. */
const TYPING_PAUSE_MS = 150;
const MIN_LETTERS = 2;

type Suggestion = { key: string; label: string; detail: string; to: string };

function useSuggestions(text: string): Suggestion[] {
  const { data } = useQuery({
    queryKey: ['products', 'suggestions', text] as const,
    queryFn: ({ signal }) =>
      apiClient.get('/products/suggestions', (s) => s.SearchSuggestionsSchema, { query: { q: text }, signal }),
    enabled: text.length >= MIN_LETTERS,
    staleTime: 30_000,
    // The previous list stays while the next word's loads, so the list does not blink per letter.
    placeholderData: keepPreviousData,
  });
  if (data === undefined || text.length < MIN_LETTERS) return [];
  return [
    ...data.products.map((product) => ({
      key: `product-${product.id}`,
      label: product.name,
      detail: formatUsd(product.price),
      to: `/products/${product.slug}`,
    })),
    ...data.categories.map((category) => ({
      key: `category-${category.slug}`,
      label: category.query ? `“${category.query}” in ${category.name}` : category.name,
      detail: 'Category',
      to: category.query ? `/${category.slug}?q=${encodeURIComponent(category.query)}` : `/${category.slug}`,
    })),
  ];
}

/**
 * The header's search: a plain GET form to /shop (it works before scripts run), and once they do,
 * an ARIA combobox suggesting products and categories as the shopper types (docs/product.md#layout).
 */
export function SearchBox({ className, onNavigate }: { className: string; onNavigate: () => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const listId = useId();
  const urlQuery = location.pathname === '/shop' ? (searchParams.get('q') ?? '') : '';
  const [search, setSearch] = useState(urlQuery);
  // Follow the URL (back/forward, links) without an effect: adjust state while rendering.
  const [seenQuery, setSeenQuery] = useState(urlQuery);
  if (seenQuery !== urlQuery) {
    setSeenQuery(urlQuery);
    setSearch(urlQuery);
  }
  // Text typed into the search box before the header hydrated is the search's text.
  const searchRef = useRef<HTMLInputElement>(null);
  useChangesBeforeHydration(searchRef, ([field]) => setSearch(field?.value ?? ''));

  const [typed, setTyped] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);
  const suggestions = useSuggestions(typed.trim());
  const isExpanded = isOpen && suggestions.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  function close() {
    setIsOpen(false);
    setActive(-1);
  }

  function go(to: string) {
    close();
    void navigate(to);
    onNavigate();
  }

  function handleChange(value: string) {
    setSearch(value);
    setIsOpen(true);
    setActive(-1);
    clearTimeout(pause.current);
    pause.current = setTimeout(() => setTyped(value), TYPING_PAUSE_MS);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = suggestions.length;
    if (event.key === 'ArrowDown' && count > 0) {
      event.preventDefault();
      setIsOpen(true);
      setActive((index) => (isExpanded ? (index + 1) % count : 0));
    } else if (event.key === 'ArrowUp' && count > 0) {
      event.preventDefault();
      setIsOpen(true);
      setActive((index) => (isExpanded && index > 0 ? index - 1 : count - 1));
    } else if (event.key === 'Enter' && isExpanded && active >= 0) {
      event.preventDefault();
      const chosen = suggestions[active];
      if (chosen) go(chosen.to);
    } else if (event.key === 'Escape' && isExpanded) {
      event.preventDefault();
      close();
    }
  }

  function handleSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = search.trim();
    go(q ? `/shop?q=${encodeURIComponent(q)}` : '/shop');
  }

  return (
    // A GET form to /shop: search works before JavaScript does.
    <form
      className={`${className} ${styles.form}`}
      role="search"
      method="get"
      action="/shop"
      onSubmit={handleSearch}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) close();
      }}
    >
      <input
        className={styles.searchInput}
        type="search"
        name="q"
        role="combobox"
        aria-label="Search products"
        aria-autocomplete="list"
        aria-expanded={isExpanded}
        aria-controls={listId}
        aria-activedescendant={isExpanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        placeholder="Search products"
        maxLength={100}
        ref={searchRef}
        value={search}
        onChange={(event) => handleChange(event.currentTarget.value)}
        onKeyDown={handleKeyDown}
      />
      <button type="submit" className={styles.searchButton} aria-label="Search">
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" strokeLinecap="round" />
        </svg>
      </button>
      <ul id={listId} role="listbox" aria-label="Search suggestions" className={styles.list} hidden={!isExpanded}>
        {isExpanded
          ? suggestions.map((suggestion, index) => (
              // Options are not links (a listbox holds no interactive content): a click or Enter goes.
              <li
                key={suggestion.key}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={styles.option}
                // Keeps the focus in the box, so the blur does not close the list before the click.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => go(suggestion.to)}
              >
                <span className={styles.label}>{suggestion.label}</span>
                <span className={styles.detail}>{suggestion.detail}</span>
              </li>
            ))
          : null}
      </ul>
    </form>
  );
}
