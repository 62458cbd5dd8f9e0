import { useState } from 'react';
import { BACK_OFFICE_UI_MESSAGES as T } from '@shopper/contract';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { Panel } from '../../../components/panel.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { downloadText } from '../../../lib/download.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { getCatalogCsv } from '../api/export-catalog.ts';
import styles from '../catalog-import.module.css';

/**
 * The whole catalog as Shopify's product CSV. The API wants the session's token in a header, which
 * a plain link would not send: the file is fetched, then handed to the browser to save.
 */
export function ExportCatalog() {
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  async function exportCsv() {
    setBusy(true);
    setError(undefined);
    try {
      downloadText(await getCatalogCsv(), T.catalogExportFile);
      notifySuccess(`Downloaded ${T.catalogExportFile}`);
    } catch (failure) {
      setError(messageOf(failure, T.actionFailed));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Panel title="Export">
      <p className={styles.note}>
        Every product with its colours, sizes, stock and photos, in Shopify’s product CSV. Hidden colours are left out.
      </p>
      <FormError message={error} />
      <Button isBusy={isBusy} onClick={() => void exportCsv()}>
        {T.exportCatalog}
      </Button>
    </Panel>
  );
}
