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
  { path: 'jobs', label: 'Jobs', summary: "Every user's jobs: filter, cancel, lock new jobs, live counts by state and destination." },
  { path: 'server', label: 'Server', summary: 'Version, database, processes, job queue, Slurm, disk use and the configuration in force.' },
  { path: 'audit-log', label: 'Audit log', summary: 'Every administrative action: who, what, on what, when, from where.' },
];
