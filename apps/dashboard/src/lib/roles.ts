import type { User } from '@shopper/contract';

/** Who may open what: staff run the shop, owners also manage staff and settings (issue 9). */
export type BackOfficeRole = 'staff' | 'owner';

const RANK = { customer: 0, staff: 1, owner: 2 } as const;

export function roleOf(user: User): keyof typeof RANK {
  return user.role;
}

/** True when `user` may see a screen needing `minRole`. The server checks every call anyway. */
export function hasRole(user: User, minRole: BackOfficeRole): boolean {
  return RANK[roleOf(user)] >= RANK[minRole];
}
