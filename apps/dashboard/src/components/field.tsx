import { useId, type ReactElement, type ReactNode } from 'react';
import { cloneElement } from 'react';
import styles from './field.module.css';

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactElement<Record<string, unknown>>;
}

/** The ids that tie a control to its hint and error, and the hint and error themselves. */
function useNotes(error: string | undefined, hint: ReactNode) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const notes = (
    <>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
  return { id, describedBy, notes };
}

/**
 * A labelled control with its error (the contract's message) and hint, wired for assistive
 * technology: the control gets the id, aria-invalid and aria-describedby.
 */
export function Field({ label, error, hint, children }: FieldProps) {
  const { id, describedBy, notes } = useNotes(error, hint);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        className: [styles.control, children.props.className].filter(Boolean).join(' '),
      })}
      {notes}
    </div>
  );
}

/** A checkbox wired like `Field`, its label beside the box, which keeps its own size. */
export function CheckField({ label, error, hint, children }: FieldProps) {
  const { describedBy, notes } = useNotes(error, hint);
  return (
    <div className={styles.field}>
      <label className={styles.check}>
        {cloneElement(children, {
          type: 'checkbox',
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy,
        })}
        <span className={styles.label}>{label}</span>
      </label>
      {notes}
    </div>
  );
}
