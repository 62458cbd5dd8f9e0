import type { CustomerStatus, UserRole } from '@shopper/contract';
import type { BadgeTone } from '../../components/badge.tsx';

export const CUSTOMER_STATUS_LABELS: Record<CustomerStatus, string> = {
  active: 'Active',
  unverified: 'Unverified',
  disabled: 'Disabled',
};

export const CUSTOMER_STATUS_TONES: Record<CustomerStatus, BadgeTone> = {
  active: 'success',
  unverified: 'warning',
  disabled: 'danger',
};

/** Staff accounts are customers too; the list marks them so nobody mistakes one for a shopper. */
export const ROLE_LABELS: Record<UserRole, string | null> = { customer: null, staff: 'Staff', owner: 'Owner' };
