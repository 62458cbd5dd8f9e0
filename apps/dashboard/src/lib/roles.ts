import { hasRole as roleGrants, type StaffRole, type User } from '@shopper/contract';

/** True when `user` may see a screen needing `minRole`; the server checks every call anyway. */
export function hasRole(user: User, minRole: StaffRole): boolean {
  return roleGrants(user.role, minRole);
}

export function roleLabel(user: User): string {
  return user.role === 'owner' ? 'Owner' : user.role === 'staff' ? 'Staff' : 'Customer';
}
