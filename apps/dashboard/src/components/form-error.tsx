import styles from './form-error.module.css';

/** A form's general failure (the server's message when no field took it); nothing when empty. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className={styles.error}>
      {message}
    </p>
  );
}
