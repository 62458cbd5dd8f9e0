import { useState, type FormEvent } from 'react';
import { Button } from './button.tsx';
import styles from './filters.module.css';

/** A search field applied on submit (Enter or the button), so typing does not flood the server. */
export function SearchBox({ label, value, onSearch }: { label: string; value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // The URL changed elsewhere (back button, a cleared filter): show its value.
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(text.trim());
  }
  return (
    <form role="search" className={styles.search} onSubmit={submit}>
      <label className="visually-hidden" htmlFor="list-search">
        {label}
      </label>
      <input
        id="list-search"
        type="search"
        placeholder={label}
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit">Search</Button>
    </form>
  );
}

/** A labelled filter select; the empty option means "any". */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | undefined;
  options: readonly (readonly [string, string])[];
  onChange: (value: string | undefined) => void;
}) {
  return (
    <label className={styles.filter}>
      <span>{label}</span>
      <select value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">Any</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}

export function FilterBar({ children }: { children: React.ReactNode }) {
  return <div className={styles.bar}>{children}</div>;
}
