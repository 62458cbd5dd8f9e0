import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import styles from './modal.module.css';

interface ModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** While true, overlay clicks and Escape do not close the dialog (docs/product.md#profile, disable modal). */
  isLocked?: boolean;
}

/** Accessible dialog (focus trap, Escape, labelling) from Radix; the shop only styles it. */
export function Modal({ isOpen, onOpenChange, title, description, children, isLocked = false }: ModalProps) {
  return (
    <Dialog.Root open={isOpen} onOpenChange={(next) => (isLocked && !next ? undefined : onOpenChange(next))}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onEscapeKeyDown={(event) => isLocked && event.preventDefault()}
          onPointerDownOutside={(event) => isLocked && event.preventDefault()}
        >
          <div className={styles.header}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label="Close" disabled={isLocked}>
              ×
            </Dialog.Close>
          </div>
          {description ? <Dialog.Description className={styles.description}>{description}</Dialog.Description> : null}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
