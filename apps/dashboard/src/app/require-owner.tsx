import { Outlet } from 'react-router';
import { ADMIN_MESSAGES } from '@shopper/contract';
import { useCurrentUser } from '../lib/current-user.ts';
import { hasRole } from '../lib/roles.ts';

/** Staff, settings and the audit log are the owner's; a staff member who types the URL is told so. */
export function RequireOwner() {
  const { user } = useCurrentUser();
  if (!user || !hasRole(user, 'owner')) {
    return (
      <p role="alert" style={{ padding: 'var(--space-5) 0' }}>
        {ADMIN_MESSAGES.ownerOnly}
      </p>
    );
  }
  return <Outlet />;
}
