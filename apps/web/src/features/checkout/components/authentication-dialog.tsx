import { SHOP_UI_MESSAGES as UI } from '@shopper/contract/plain';
import { Button } from '../../../components/button.tsx';
import { Modal } from '../../../components/modal.tsx';
import type { ChallengeOutcome } from '../hooks/use-authentication-challenge.ts';
import styles from '../checkout.module.css';

/** The bank's check of test card 4000 0025 0000 3155, as an accessible dialog (Radix). */
export function AuthenticationDialog({
  isOpen,
  onChoose,
}: {
  isOpen: boolean;
  onChoose: (outcome: ChallengeOutcome) => void;
}) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => (open ? undefined : onChoose('fail'))}
      title={UI.authenticationTitle}
      description={UI.authenticationDescription}
    >
      <div className={styles.dialogActions}>
        <Button variant="accent" onClick={() => onChoose('complete')}>
          Complete
        </Button>
        <Button variant="secondary" onClick={() => onChoose('fail')}>
          Fail
        </Button>
      </div>
    </Modal>
  );
}
