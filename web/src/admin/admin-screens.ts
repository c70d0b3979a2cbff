/**
 * The administration's screens, in the order of its menu, with the names 15.05's Admin tab used.
 * Each screen is a room of its own under web/src/admin/<area>/ with its route in admin-routes.tsx.
 */
export interface AdminScreen {
  /** Below /admin/. */
  path: string;
  label: string;
  /** One line on the administration's first screen. */
  summary: string;
}

export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { path: 'users', label: 'Users', summary: 'Search, create and edit users; reset a password, a new API key, delete, undelete, purge.' },
  { path: 'audit-log', label: 'Audit log', summary: 'Every administrative action: who, what, on what, when, from where.' },
];
