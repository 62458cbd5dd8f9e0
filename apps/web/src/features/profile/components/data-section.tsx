import { useState } from 'react';
import { DATA_RIGHTS_MESSAGES as M, EraseAccountBodySchema } from '@shopper/contract';
import { Button } from '../../../components/button.tsx';
import { messageOf } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import { eraseAccount, fetchMyData } from '../api/data-rights.ts';
import styles from '../profile.module.css';
import { PasswordConfirmDialog } from './password-confirm-dialog.tsx';
import { ProfileSection } from './section.tsx';

/** Saves `data` as a JSON file, as a download the browser names. */
function saveJson(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** docs/product.md#your-data: a copy of the customer's data, and the erasure of the account. */
export function DataSection({ onErased }: { onErased: () => Promise<void> }) {
  const [isDownloading, setIsDownloading] = useState(false);
  const [isOpen, setIsOpen] = useState(false);

  async function download() {
    setIsDownloading(true);
    try {
      const data = await fetchMyData();
      saveJson(data, `shopper-my-data-${data.exportedAt.slice(0, 10)}.json`);
    } catch (error) {
      showToast(messageOf(error, M.exportFailed), 'error');
    } finally {
      setIsDownloading(false);
    }
  }

  return (
    <ProfileSection id="profile-data" title="Your Data">
      <h3 className={styles.subTitle}>{M.exportTitle}</h3>
      <p>{M.exportHint}</p>
      <div>
        <Button variant="secondary" onClick={() => void download()} disabled={isDownloading}>
          {isDownloading ? 'Preparing…' : M.exportButton}
        </Button>
      </div>
      <h3 className={styles.subTitle}>{M.eraseTitle}</h3>
      <ul className={styles.warningList}>
        {M.eraseExplained.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div>
        <Button variant="secondary" className={styles.danger} onClick={() => setIsOpen(true)}>
          {M.eraseButton}
        </Button>
      </div>
      <PasswordConfirmDialog
        isOpen={isOpen}
        onOpenChange={setIsOpen}
        title={M.eraseTitle}
        description="Enter your password to confirm. Your personal data is erased and you are signed out everywhere."
        schema={EraseAccountBodySchema}
        confirmLabel={M.eraseConfirm}
        failedMessage={M.exportFailed}
        doneMessage={M.erased}
        onConfirm={eraseAccount}
        onDone={onErased}
      />
    </ProfileSection>
  );
}
