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
  { path: 'roles', label: 'Roles', summary: 'Roles: their users and groups; create, edit, delete, undelete, purge.' },
  { path: 'groups', label: 'Groups', summary: 'Groups: their users and roles; create, edit, delete, undelete, purge.' },
  { path: 'quotas', label: 'Quotas', summary: 'Disk quotas: amount, operation, default for, users and groups.' },
  { path: 'jobs', label: 'Jobs', summary: "Every user's jobs: filter, cancel, lock new jobs, live counts by state and destination." },
  { path: 'tools', label: 'Tools and data', summary: 'Reload tools, the tool panel, datatypes and their converters.' },
  { path: 'tool-data', label: 'Data tables', summary: 'Tool data tables: their entries, reload, remove an entry.' },
  { path: 'repositories', label: 'Repositories', summary: 'Search the depots, install repositories, deactivate, uninstall, reinstall or repair them.' },
  { path: 'server', label: 'Server', summary: 'Version, database, processes, job queue, Slurm, disk use and the configuration in force.' },
  { path: 'audit-log', label: 'Audit log', summary: 'Every administrative action: who, what, on what, when, from where.' },
];
