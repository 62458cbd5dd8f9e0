import { SWATCH_PATTERN } from '@shopper/contract';
import { Field } from '../../../components/field.tsx';
import styles from './swatch-field.module.css';

/**
 * A colour's swatch as `#rrggbb`: the browser's colour picker and the text beside it edit the same
 * value, so a colour can be picked by eye or pasted from a brand guide.
 */
export function SwatchField({
  label,
  pickerLabel,
  value,
  onChange,
  onBlur,
  error,
}: {
  label: string;
  pickerLabel: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
}) {
  const typed = value.trim().toLowerCase();
  return (
    <div className={styles.swatchField}>
      <input
        type="color"
        className={styles.picker}
        aria-label={pickerLabel}
        // The picker needs a valid colour; while the text is half typed it keeps black.
        value={SWATCH_PATTERN.test(typed) ? typed : '#000000'}
        onChange={(event) => onChange(event.target.value)}
      />
      <Field label={label} error={error}>
        <input
          value={value}
          maxLength={7}
          spellCheck={false}
          autoCapitalize="none"
          placeholder="#1f6f4a"
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      </Field>
    </div>
  );
}
