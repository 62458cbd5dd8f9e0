import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'ghost';

interface StyleProps {
  variant?: ButtonVariant;
  size?: 'small' | 'medium';
  isBlock?: boolean;
}

function classes({ variant = 'primary', size = 'medium', isBlock = false }: StyleProps, extra?: string): string {
  return [styles.button, styles[variant], size === 'small' && styles.small, isBlock && styles.block, extra]
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant,
  size,
  isBlock,
  className,
  type = 'button',
  ...rest
}: StyleProps & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={classes({ variant, size, isBlock }, className)} {...rest} />;
}

export function ButtonLink({
  variant,
  size,
  isBlock,
  className,
  children,
  ...rest
}: StyleProps & LinkProps & { children: ReactNode }) {
  return (
    <Link className={classes({ variant, size, isBlock }, className)} {...rest}>
      {children}
    </Link>
  );
}
