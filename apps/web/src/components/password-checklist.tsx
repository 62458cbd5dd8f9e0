import { ACCOUNT_MESSAGES, ACCOUNT_UI_MESSAGES as UI, passwordChecklist } from '@shopper/contract/plain';
import styles from './password-checklist.module.css';

interface PasswordChecklistProps {
  id?: string;
  password: string;
  confirmation: string;
  /** 'Password Requirements' with 'Passwords match' (signup, reset) or 'Password must:' (profile). */
  variant: 'requirements' | 'must';
}

/** The live checklist of docs/product.md#profile and docs/product.md#passwords. */
export function PasswordChecklist({ id, password, confirmation, variant }: PasswordChecklistProps) {
  const checks = passwordChecklist(password);
  const rules: { label: string; isMet: boolean }[] = [
    { label: UI.ruleLength, isMet: checks.length },
    { label: UI.ruleUppercase, isMet: checks.uppercase },
    { label: UI.ruleNumber, isMet: checks.number },
    { label: UI.ruleSpecial, isMet: checks.special },
  ];
  if (variant === 'requirements') {
    rules.push({ label: UI.rulePasswordsMatch, isMet: password.length > 0 && password === confirmation });
  }
  return (
    <div id={id} className={styles.box}>
      <p className={styles.title}>{variant === 'requirements' ? UI.passwordRequirements : UI.passwordMust}</p>
      <ul className={styles.list}>
        {rules.map((rule) => (
          <li key={rule.label} className={styles.rule} data-met={rule.isMet}>
            <span className={styles.mark} aria-hidden="true">
              {rule.isMet ? '✓' : '○'}
            </span>
            {rule.label}
            <span className="visually-hidden">{rule.isMet ? ' (met)' : ' (not met)'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** 'Passwords match!' or 'Passwords do not match' under a confirmation field (docs/product.md#profile). */
export function PasswordMatchNote({ password, confirmation }: { password: string; confirmation: string }) {
  if (!confirmation) return null;
  const isMatch = password === confirmation;
  return (
    <p className={styles.match} data-met={isMatch} aria-live="polite">
      {isMatch ? ACCOUNT_MESSAGES.passwordsMatch : ACCOUNT_MESSAGES.passwordsDoNotMatch}
    </p>
  );
}
