import { useState } from 'react';
import { Link } from 'react-router';
import { BACK_OFFICE_UI_MESSAGES as T, type CatalogImport } from '@shopper/contract';
import { Badge, type BadgeTone } from '../../../components/badge.tsx';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { Panel } from '../../../components/panel.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useApplyCatalogImport } from '../api/apply-catalog-import.ts';
import styles from '../catalog-import.module.css';

const STATUS: Record<CatalogImport['status'], [string, BadgeTone]> = {
  planned: ['Checked', 'neutral'],
  applying: ['Importing', 'warning'],
  done: ['Done', 'success'],
  failed: ['Stopped', 'danger'],
};

function Counts({ rows }: { rows: [string, number][] }) {
  return (
    <dl className={styles.counts}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** `doneProducts` of `totalProducts`, read out as such. */
function Progress({ job }: { job: CatalogImport }) {
  const total = Math.max(job.totalProducts, 0);
  const done = Math.min(job.doneProducts, total);
  const text = T.importProgress(done, total);
  return (
    <div className={styles.progress}>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={text}
        className={styles.track}
      >
        <div className={styles.bar} style={{ width: `${total === 0 ? 0 : (done / total) * 100}%` }} />
      </div>
      <p className={styles.progressText}>{text}</p>
    </div>
  );
}

/**
 * The job's state: the dry run's counts and the button to import them; the progress bar while the
 * runner works (the job is polled meanwhile); then what was done.
 */
export function ImportSummary({ job }: { job: CatalogImport }) {
  const apply = useApplyCatalogImport(job.id);
  const [error, setError] = useState<string | undefined>();
  const toWrite = job.created + job.updated;
  const [statusLabel, tone] = STATUS[job.status];

  async function start() {
    setError(undefined);
    try {
      await apply.mutateAsync();
    } catch (failure) {
      setError(messageOf(failure, T.actionFailed));
    }
  }

  return (
    <Panel title={job.fileName} actions={<Badge tone={tone}>{statusLabel}</Badge>}>
      <p className={styles.note}>Checked {formatDateTime(job.createdAt)}</p>
      {job.status === 'planned' ? (
        <>
          <Counts
            rows={[
              ['To create', job.created],
              ['To update', job.updated],
              ['Unchanged', job.unchanged],
              ['Refused', job.refused],
            ]}
          />
          {toWrite > 0 ? (
            <>
              <p className={styles.note}>{T.importNothingWritten}</p>
              <FormError message={error} />
              <div className={styles.actions}>
                <Button variant="primary" isBusy={apply.isPending} onClick={() => void start()}>
                  {T.importApply(toWrite)}
                </Button>
                <Link to="/catalog-import">Check another file</Link>
              </div>
            </>
          ) : (
            <div className={styles.actions}>
              <p className={styles.note}>{T.importNothingToDo}</p>
              <Link to="/catalog-import">Check another file</Link>
            </div>
          )}
        </>
      ) : null}
      {job.status === 'applying' ? <Progress job={job} /> : null}
      {job.status === 'done' || job.status === 'failed' ? (
        <>
          {job.status === 'done' ? (
            <p role="status" className={styles.done}>
              {T.importDone}
            </p>
          ) : (
            <p role="alert" className={styles.failed}>
              {T.importFailed} {job.error ?? ''}
            </p>
          )}
          <Counts
            rows={[
              ['Created', job.created],
              ['Updated', job.updated],
              ['Unchanged', job.unchanged],
              ['Refused', job.refused],
              ['Images fetched', job.imagesFetched],
              ['Images skipped', job.imagesSkipped],
            ]}
          />
          <div className={styles.actions}>
            <Link to="/catalog-import">{T.importAnother}</Link>
          </div>
        </>
      ) : null}
    </Panel>
  );
}
