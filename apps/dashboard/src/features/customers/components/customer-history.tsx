import { BACK_OFFICE_UI_MESSAGES as T, type AuditEntry } from '@shopper/contract';
import { Panel } from '../../../components/panel.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useCustomerHistory } from '../api/get-customers.ts';
import styles from '../customers.module.css';

const ACTION_LABELS: Record<string, string> = {
  'customer.disable': 'Disabled',
  'customer.enable': 'Re-enabled',
  'staff.add': 'Given a back-office role',
  'staff.role-change': 'Role changed',
  'staff.remove': 'Back-office access removed',
  'staff.create-owner': 'Made owner from the command line',
};

function reasonOf(entry: AuditEntry): string | null {
  const after = entry.after as { reason?: unknown } | null;
  return typeof after?.reason === 'string' ? after.reason : null;
}

/** Owner only: the account's audit rows, newest first, each with who and why. */
export function CustomerHistory({ customerId }: { customerId: string }) {
  const history = useCustomerHistory(customerId);
  return (
    <Panel title="History">
      <QueryState
        isPending={history.isPending}
        error={history.error}
        onRetry={() => void history.refetch()}
        fallback={T.loadFailed}
      >
        {history.data && history.data.items.length === 0 ? (
          <p className={styles.note}>No back-office change yet.</p>
        ) : null}
        <ol className={styles.history}>
          {history.data?.items.map((entry) => (
            <li key={entry.id}>
              <strong>{ACTION_LABELS[entry.action] ?? entry.action}</strong>
              <span>
                {formatDateTime(entry.createdAt)} · {entry.actor?.email ?? 'Command line'}
              </span>
              {reasonOf(entry) ? <span className={styles.muted}>{reasonOf(entry)}</span> : null}
            </li>
          ))}
        </ol>
      </QueryState>
    </Panel>
  );
}
