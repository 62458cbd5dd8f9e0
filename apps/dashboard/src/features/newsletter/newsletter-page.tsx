import { useState } from 'react';
import { ADMIN_MESSAGES, BACK_OFFICE_UI_MESSAGES as T } from '@shopper/contract';
import { Button } from '../../components/button.tsx';
import { FormError } from '../../components/form-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Panel } from '../../components/panel.tsx';
import { messageOf } from '../../lib/api-client.ts';
import { downloadText } from '../../lib/download.ts';
import { notifySuccess } from '../../lib/toast.ts';
import { getSubscribersCsv } from './api/export-subscribers.ts';

/** Owner only: the confirmed newsletter subscribers as a CSV file. */
export function NewsletterPage() {
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  async function exportCsv() {
    setBusy(true);
    setError(undefined);
    try {
      const csv = await getSubscribersCsv();
      downloadText(csv, ADMIN_MESSAGES.newsletterExportFile);
      const count = csv.split('\r\n').filter(Boolean).length - 1;
      notifySuccess(`Downloaded ${count} subscriber${count === 1 ? '' : 's'}.`);
    } catch (failure) {
      setError(messageOf(failure, T.actionFailed));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <PageHeader title="Newsletter" />
      <Panel title="Subscribers">
        <p>
          Only addresses confirmed through the emailed link (double opt-in) are exported, oldest first, with the time
          each was confirmed. Every download is written to the audit log.
        </p>
        <FormError message={error} />
        <Button variant="primary" isBusy={isBusy} onClick={() => void exportCsv()}>
          Download subscribers (CSV)
        </Button>
      </Panel>
    </>
  );
}
