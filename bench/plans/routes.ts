/** Who sends a request of the plans benchmark. */
export type Who = 'admin' | 'owner' | 'member';

export interface PlanRoute {
  label: string;
  path: string;
  who: Who;
  method?: 'GET' | 'POST';
  body?: string;
  /**
   * Tables the answer is all of (an administrator listing every user): a sequential scan reads only
   * the answer, so it does not fail the run.
   */
  wholeTable?: string[];
  /** A sequential scan no b-tree index can spare, with the reason (printed; it does not fail the run). */
  known?: { table: string; reason: string };
}

export interface RouteIds {
  bigHistory: string;
  library: string;
  folder: string;
  datasets: string[];
  /** A day of the job table (YYYY-MM-DD) and a week ending on it. */
  day: string;
  weekStart: string;
}

/** Every listing and filter of the contract (GET), as the platform's clients send them. */
export function planRoutes(ids: RouteIds): PlanRoute[] {
  const h = `/api/histories/${ids.bigHistory}`;
  const day = `date_range_min=${ids.day}&date_range_max=${ids.day}`;
  return [
    { label: 'histories', path: '/api/histories', who: 'owner' },
    { label: 'histories deleted=true', path: '/api/histories?deleted=true', who: 'owner' },
    { label: 'histories/deleted', path: '/api/histories/deleted', who: 'owner' },
    { label: 'histories q=deleted qv=None', path: '/api/histories?q=deleted&qv=None', who: 'owner' },
    { label: 'histories q=published qv=True', path: '/api/histories?q=published&qv=True', who: 'owner' },
    { label: 'histories limit=10 offset=50', path: '/api/histories?limit=10&offset=50', who: 'owner' },
    { label: 'histories view=detailed limit=100', path: '/api/histories?view=detailed&limit=100', who: 'owner' },
    { label: 'histories/published', path: '/api/histories/published', who: 'member' },
    { label: 'histories/shared_with_me', path: '/api/histories/shared_with_me', who: 'member' },
    { label: 'history show (detailed)', path: h, who: 'owner' },
    { label: 'history contents', path: `${h}/contents`, who: 'owner' },
    { label: 'history contents deleted=true', path: `${h}/contents?deleted=true`, who: 'owner' },
    { label: 'history contents visible=false', path: `${h}/contents?visible=false`, who: 'owner' },
    { label: 'history contents deleted=false visible=true', path: `${h}/contents?deleted=false&visible=true`, who: 'owner' },
    { label: 'history contents ids=3', path: `${h}/contents?ids=${ids.datasets.join(',')}`, who: 'owner' },
    { label: 'history contents types=dataset', path: `${h}/contents?types=dataset`, who: 'owner' },
    { label: 'history contents types=dataset_collection', path: `${h}/contents?types=dataset_collection`, who: 'owner' },
    { label: 'jobs (own)', path: '/api/jobs', who: 'owner' },
    { label: 'jobs (own) state=ok', path: '/api/jobs?state=ok', who: 'owner' },
    { label: 'jobs (own) state=error date range', path: `/api/jobs?state=error&${day}`, who: 'owner' },
    { label: 'jobs (own) tool_id_like', path: '/api/jobs?tool_id_like=cat%25', who: 'owner' },
    { label: 'jobs (own) history_id', path: `/api/jobs?history_id=${ids.bigHistory}`, who: 'owner' },
    { label: 'jobs (admin) state=ok day', path: `/api/jobs?state=ok&${day}`, who: 'admin' },
    { label: 'jobs (admin) state=ok day user_details', path: `/api/jobs?state=ok&${day}&user_details=true`, who: 'admin' },
    { label: 'jobs (admin) state=ok,error day', path: `/api/jobs?state=ok&state=error&${day}`, who: 'admin' },
    { label: 'jobs (admin) day', path: `/api/jobs?${day}`, who: 'admin' },
    { label: 'jobs (admin) state=running week', path: `/api/jobs?state=running&date_range_min=${ids.weekStart}&date_range_max=${ids.day}`, who: 'admin' },
    { label: 'jobs (admin) state=ok day order_by=create_time', path: `/api/jobs?state=ok&${day}&order_by=create_time`, who: 'admin' },
    { label: 'jobs (admin) tool_id=cat1 day', path: `/api/jobs?tool_id=cat1&${day}`, who: 'admin' },
    { label: 'jobs (admin) state=queued', path: '/api/jobs?state=queued&date_range_min=2000-01-01', who: 'admin' },
    { label: 'libraries (admin)', path: '/api/libraries', who: 'admin' },
    { label: 'libraries (member)', path: '/api/libraries', who: 'member' },
    { label: 'libraries deleted=true (admin)', path: '/api/libraries?deleted=true', who: 'admin' },
    { label: 'folder contents (admin)', path: `/api/folders/${ids.folder}/contents`, who: 'admin', wholeTable: ['library_dataset', 'library_dataset_dataset_association'] },
    { label: 'folder contents include_deleted (admin)', path: `/api/folders/${ids.folder}/contents?include_deleted=true`, who: 'admin', wholeTable: ['library_dataset', 'library_dataset_dataset_association'] },
    { label: 'folder contents (member)', path: `/api/folders/${ids.folder}/contents`, who: 'member', wholeTable: ['library_dataset', 'library_dataset_dataset_association'] },
    { label: 'library contents (admin)', path: `/api/libraries/${ids.library}/contents`, who: 'admin', wholeTable: ['library_dataset', 'library_dataset_dataset_association'] },
    { label: 'library contents (member)', path: `/api/libraries/${ids.library}/contents`, who: 'member', wholeTable: ['library_dataset', 'library_dataset_dataset_association'] },
    { label: 'pages (owner)', path: '/api/pages', who: 'owner' },
    { label: 'pages deleted=true (owner)', path: '/api/pages?deleted=true', who: 'owner' },
    { label: 'pages (admin)', path: '/api/pages', who: 'admin', wholeTable: ['page', 'galaxy_user'] },
    { label: 'visualizations (owner)', path: '/api/visualizations', who: 'owner' },
    { label: 'visualizations (member)', path: '/api/visualizations', who: 'member' },
    { label: 'workflows (owner)', path: '/api/workflows', who: 'owner' },
    { label: 'workflows show_published (member)', path: '/api/workflows?show_published=true', who: 'member' },
    { label: 'users (admin)', path: '/api/users', who: 'admin', wholeTable: ['galaxy_user'] },
    {
      label: 'users f_email (admin)',
      path: '/api/users?f_email=user77',
      who: 'admin',
      known: { table: 'galaxy_user', reason: 'f_email is a substring of the email (like %…%): only a trigram index (pg_trgm: both the embedded PostgreSQL 17 and a server ship it, but the schema makes no such index) would read a part' },
    },
    { label: 'users/deleted (admin)', path: '/api/users/deleted', who: 'admin' },
    { label: 'users (member)', path: '/api/users', who: 'member' },
    { label: 'groups (admin)', path: '/api/groups', who: 'admin', wholeTable: ['galaxy_group'] },
    { label: 'roles (admin)', path: '/api/roles', who: 'admin', wholeTable: ['role'] },
    { label: 'roles (member)', path: '/api/roles', who: 'member' },
    { label: 'quotas (admin)', path: '/api/quotas', who: 'admin', wholeTable: ['quota'] },
    { label: 'quotas/deleted (admin)', path: '/api/quotas/deleted', who: 'admin' },
  ];
}
