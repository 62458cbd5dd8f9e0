import { useId } from 'react';
import styles from './reviews.module.css';

interface StarPickerProps {
  value: number;
  onChange: (rating: number) => void;
  onBlur?: () => void;
  error?: string | undefined;
  name: string;
}

/** A labelled radio group of 1–5 stars: arrow keys move the choice, as with any radio group. */
export function StarPicker({ value, onChange, onBlur, error, name }: StarPickerProps) {
  const id = useId();
  return (
    <fieldset
      className={styles.picker}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className={styles.pickerLegend}>Your rating</legend>
      <div className={styles.pickerStars}>
        {[1, 2, 3, 4, 5].map((star) => (
          <label key={star} className={styles.pickerStar} data-filled={star <= value}>
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              onBlur={onBlur}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{`${star} ${star === 1 ? 'star' : 'stars'}`}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
