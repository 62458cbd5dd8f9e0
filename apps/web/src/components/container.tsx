import type { ReactNode } from 'react';
import styles from './container.module.css';

export function Container({ children, isSection = false }: { children: ReactNode; isSection?: boolean }) {
  return <div className={[styles.container, isSection && styles.section].filter(Boolean).join(' ')}>{children}</div>;
}
