import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import type { User } from '@shopper/contract';
import { useLogout } from '../../hooks/use-logout.ts';
import styles from './user-menu.module.css';

const ITEMS = [
  { to: '/profile', label: 'My Profile' },
  { to: '/account/orders', label: 'My Orders' },
  { to: '/account/saved', label: 'Saved items' },
  { to: '/cart', label: 'My Cart' },
  // docs/product.md#roles: the Admin link shows to every signed-in user.
  { to: '/admin', label: 'Admin' },
] as const;

/** The signed-in user menu of docs/product.md#layout (Radix menu: focus, arrows and Escape built in). */
export function UserMenu({ user }: { user: User }) {
  const logout = useLogout();
  const initial = (user.name.trim()[0] ?? '?').toUpperCase();
  return (
    <DropdownMenu.Root modal={false}>
      {/* Named by what it shows, so a voice user who says the name they see reaches it. */}
      <DropdownMenu.Trigger className={styles.trigger}>
        <span className={styles.avatar} aria-hidden="true">
          {initial}
        </span>
        <span className="visually-hidden">Account menu for </span>
        <span className={styles.name}>{user.name}</span>
        <span className={styles.chevron} aria-hidden="true" />
      </DropdownMenu.Trigger>
      {/* Not portalled: the open menu stays inside the header's landmark. */}
      <DropdownMenu.Content className={styles.content} align="end" sideOffset={8}>
        <DropdownMenu.Label className={styles.label}>
          Signed in as <strong>{user.email}</strong>
        </DropdownMenu.Label>
        <DropdownMenu.Separator className={styles.separator} />
        {ITEMS.map((item) => (
          <DropdownMenu.Item key={item.to} className={styles.item} asChild>
            <Link to={item.to}>{item.label}</Link>
          </DropdownMenu.Item>
        ))}
        <DropdownMenu.Separator className={styles.separator} />
        <DropdownMenu.Item className={styles.item} onSelect={() => void logout()}>
          Logout
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
