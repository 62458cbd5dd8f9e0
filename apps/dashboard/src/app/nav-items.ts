import type { StaffRole } from '@shopper/contract';

/** The back office's screens; owner-only ones are not even listed for staff (the server refuses anyway). */
export const NAV_ITEMS: { to: string; label: string; minRole: StaffRole }[] = [
  { to: '/', label: 'Home', minRole: 'staff' },
  { to: '/products', label: 'Products', minRole: 'staff' },
  { to: '/catalog-import', label: 'Import', minRole: 'staff' },
  { to: '/categories', label: 'Categories', minRole: 'staff' },
  { to: '/collections', label: 'Collections', minRole: 'staff' },
  { to: '/stock', label: 'Stock', minRole: 'staff' },
  { to: '/orders', label: 'Orders', minRole: 'staff' },
  { to: '/returns', label: 'Returns', minRole: 'staff' },
  { to: '/customers', label: 'Customers', minRole: 'staff' },
  { to: '/coupons', label: 'Coupons', minRole: 'staff' },
  { to: '/reviews', label: 'Reviews', minRole: 'staff' },
  { to: '/staff', label: 'Staff', minRole: 'owner' },
  { to: '/audit', label: 'Audit log', minRole: 'owner' },
  { to: '/newsletter', label: 'Newsletter', minRole: 'owner' },
  { to: '/shipping', label: 'Shipping', minRole: 'owner' },
  { to: '/taxes', label: 'Taxes', minRole: 'owner' },
  { to: '/pages', label: 'Pages', minRole: 'owner' },
  { to: '/settings', label: 'Settings', minRole: 'owner' },
];
