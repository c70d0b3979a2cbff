import { SAMPLE_TRACKING_SIZE, type Seeded } from './seed';
import { BENCH_TOOL_DATA_TABLE } from './tool-data-fixture';

/** One request the benchmark measures on the service and on the baseline alike. */
export interface Target {
  label: string;
  /** What it reads (its item count, for listings). */
  rows: number;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Done-when floor of the service's req/s as a share of the baseline's (10 connections; both keep the key's user in memory). */
  floor: number | null;
  /**
   * Also read on the baseline that looks the key up by one statement per request (KEY_CACHE=off): the
   * floor of the service's req/s as a share of that one's (null: measured, no floor; absent: not read there).
   */
  keyLookupFloor?: number | null;
  /** Shows must also keep p99 under twice the baseline's plus 5 ms. */
  p99Rule: boolean;
  /** Whose key calls it (the user's unless an administrator's is needed). */
  as?: 'admin';
  /** Served by the depot (DEPOT_PORT of the same service process) rather than the platform. */
  app?: 'depot';
  /** Asked with no key (the depot's installers call anonymously). */
  anonymous?: boolean;
  /** Asked with this key (another user's than the bench user's). */
  key?: string;
}

/** What the depot targets read (seeded by SQL: `bench/depot-seed.ts`). */
export interface DepotSeeded {
  repositories: number;
  name: string;
  owner: string;
  changeset: string;
}

/** The depot's targets: its repository index (a listing) and a revision's install information (a show). */
export function depotTargetsFor(depot: DepotSeeded): Target[] {
  return [
    { label: `depot GET /api/repositories (${depot.repositories})`, rows: depot.repositories, method: 'GET', path: '/api/repositories', floor: 0.3, p99Rule: false, app: 'depot', anonymous: true },
    {
      label: 'depot GET get_repository_revision_install_info',
      rows: 1,
      method: 'GET',
      path: `/api/repositories/get_repository_revision_install_info?name=${depot.name}&owner=${depot.owner}&changeset_revision=${depot.changeset}`,
      floor: 0.5,
      p99Rule: true,
      app: 'depot',
      anonymous: true,
    },
  ];
}

/** The platform's installed repositories (issue 12): the listing installers read, and the show they poll. */
export function installsTargetsFor(installed: { repositories: number; repositoryId: string }): Target[] {
  return [
    { label: `GET /api/tool_shed_repositories (${installed.repositories})`, rows: installed.repositories, method: 'GET', path: '/api/tool_shed_repositories', floor: 0.3, p99Rule: false },
    { label: 'GET /api/tool_shed_repositories/{id}', rows: 1, method: 'GET', path: `/api/tool_shed_repositories/${installed.repositoryId}`, floor: 0.5, p99Rule: true },
  ];
}

const graphql = (query: string) => JSON.stringify({ query });

/** The targets of issue 8 (and of later issues' listings), in the order they are printed. */
export function targetsFor(seeded: Seeded, items: number): Target[] {
  const get = (label: string, path: string, rows: number, floor: number | null, p99Rule = false): Target => ({ label, rows, method: 'GET', path, floor, p99Rule });
  // Issue 37: shows at 0.6 of the baseline (both keep the key's user in memory) and 0.8 of one that looks the key up per
  // request; the 100-history listing at 0.5 of that one.
  return [
    { ...get('GET /api/histories/{id}', `/api/histories/${seeded.smallHistoryId}`, 10, 0.6, true), keyLookupFloor: 0.8 },
    { ...get('GET /api/datasets/{id}', `/api/datasets/${seeded.datasetId}`, 1, 0.6, true), keyLookupFloor: 0.8 },
    get('GET /api/jobs/{id}', `/api/jobs/${seeded.jobId}`, 1, 0.5, true),
    get('GET /api/libraries/datasets/{id}', `/api/libraries/datasets/${seeded.libraryDatasetId}`, 1, 0.5, true),
    { ...get('GET /api/histories (100)', '/api/histories', 100, 0.3), keyLookupFloor: 0.5 },
    get('GET /api/histories/{id}/contents (10)', `/api/histories/${seeded.smallHistoryId}/contents`, 10, null),
    get(`GET /api/histories/{id}/contents (${items})`, `/api/histories/${seeded.bigHistoryId}/contents`, items, null),
    get('GET /api/histories/{id}/contents (100 + 100 collections)', `/api/histories/${seeded.mixedHistoryId}/contents`, 200, null),
    get('GET /api/folders/{id}/contents (10)', `/api/folders/${seeded.smallFolderId}/contents`, 10, null),
    get(`GET /api/folders/{id}/contents (${items})`, `/api/folders/${seeded.bigFolderId}/contents`, items, 0.3),
    get(`GET /api/libraries/{id}/contents (${items + 13})`, `/api/libraries/${seeded.libraryId}/contents`, items + 13, 0.8),
    get(`GET /api/requests (${SAMPLE_TRACKING_SIZE})`, '/api/requests', SAMPLE_TRACKING_SIZE, 0.3),
    get(`GET /api/requests/{id}/samples (${SAMPLE_TRACKING_SIZE})`, `/api/requests/${seeded.bigRequestId}/samples`, SAMPLE_TRACKING_SIZE, 0.3),
    {
      label: 'POST /graphql history(id){id name deleted}',
      rows: 1,
      method: 'POST',
      path: '/graphql',
      body: graphql(`{ history(id: "${seeded.smallHistoryId}") { id name deleted } }`),
      floor: 0.5,
      keyLookupFloor: null,
      p99Rule: false,
    },
    get('GET /api/pages (100)', '/api/pages', 100, 0.3),
    get('GET /api/pages/{id}', `/api/pages/${seeded.pageId}`, 1, 0.5, true),
    get('GET /api/visualizations (100)', '/api/visualizations', 100, 0.3),
    get('GET /api/visualizations/{id}', `/api/visualizations/${seeded.visualizationId}`, 1, 0.5, true),
    get('GET /api/histories/{id}/sharing', `/api/histories/${seeded.sharedHistoryId}/sharing`, 1, 0.5, true),
    get('GET /api/workflows (100)', '/api/workflows', 100, 0.3),
    get('GET /api/workflows/{id}', `/api/workflows/${seeded.workflowId}`, 4, 0.5, true),
    get('GET /api/version', '/api/version', 0, null),
    // Issue 11: tool data tables (administrators), held in memory by both.
    { ...get('GET /api/tool_data (14 tables)', '/api/tool_data', 14, 0.3), as: 'admin' },
    { ...get(`GET /api/tool_data/{id} (${items} entries)`, `/api/tool_data/${BENCH_TOOL_DATA_TABLE}`, items, 0.5, true), as: 'admin' },
  ];
}

/** A library of one folder of `datasets` datasets seeded by SQL (bench/ratio/seed-big-library.ts), half restricted to a role the user holds. */
export interface BigLibrarySeeded {
  datasets: number;
  libraryId: string;
  folderId: string;
}

/** Folder contents and the recursive library listing at a size the API could not seed in time (issue 22: 100,000). */
export function bigLibraryTargetsFor(big: BigLibrarySeeded): Target[] {
  const get = (label: string, path: string): Target => ({ label, rows: big.datasets, method: 'GET', path, floor: 0.8, p99Rule: false });
  return [
    get(`GET /api/folders/{id}/contents (${big.datasets} SQL)`, `/api/folders/${big.folderId}/contents`),
    get(`GET /api/libraries/{id}/contents (${big.datasets} SQL)`, `/api/libraries/${big.libraryId}/contents`),
  ];
}

/** The histories index of a user of `histories` histories seeded by SQL (bench/ratio/seed-many-histories.ts; issue 37: 0.8 at 100,000). */
export function manyHistoriesTargetsFor(histories: number, key: string): Target[] {
  // A tenth of them deleted: the index lists the rest.
  return [{ label: `GET /api/histories (${histories} SQL)`, rows: histories - Math.floor(histories / 10), method: 'GET', path: '/api/histories', floor: 0.8, p99Rule: false, key }];
}
