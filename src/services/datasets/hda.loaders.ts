import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
import { sql } from '../../db/sql/sql-statement';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import type { DatasetReadAccess } from './dataset-access';
import { loadHdaViews } from './hda-reads';
import type { DatasetRoleIds, HdaSummaryView } from './hda-view';

/** A history whose datasets are read, and how the caller's access to them is read (`readAccessIn`). */
export interface HistoryContentsKey {
  historyId: number;
  access: DatasetReadAccess;
}

/**
 * Every dataset of each history (with its dataset row), by hid, as the caller may see it; one query
 * per kind of access in a batch (histories the caller may change, and the others), no hydration.
 */
export const contentsByHistoryId: LoaderFactory<HistoryContentsKey, HdaSummaryView[]> = (ctx) =>
  new DataLoader(
    async (keys) => {
      const byHistory = new Map<string, HdaSummaryView[]>(keys.map((key) => [keyOf(key), []]));
      for (const access of ['all', 'roles'] as const) {
        const historyIds = keys.filter((key) => key.access === access).map((key) => key.historyId);
        if (historyIds.length === 0) continue;
        for (const hda of await loadHdaViews(ctx, { historyIds, access })) byHistory.get(keyOf({ historyId: hda.history.id, access }))?.push(hda);
      }
      return keys.map((key) => byHistory.get(keyOf(key)) ?? []);
    },
    { cacheKeyFn: (key) => keyOf(key) },
  );

const keyOf = (key: HistoryContentsKey) => `${key.historyId}|${key.access}`;

const DATASET_ROLES = sql<{ datasetId: number; action: string; roleIds: number[] }>(
  'dataset_roles_by_action',
  `select p.item_id as "datasetId", p.action, array_agg(p.role_id order by p.role_id) as "roleIds"
     from item_permission p where p.item_type = 'dataset' and p.item_id = any($1::int[]) and p.action = any($2::text[])
    group by p.item_id, p.action`,
);

/** Access and manage role ids of datasets (the platform's `permissions` key): one statement per batch. */
export const datasetRolesById: LoaderFactory<number, DatasetRoleIds> = (ctx) =>
  new DataLoader(async (ids) => {
    const rows = await ctx.rows(DATASET_ROLES, [ids, [PERMISSION_ACTIONS.datasetAccess, PERMISSION_ACTIONS.datasetManage]]);
    const byId = new Map<number, DatasetRoleIds>(ids.map((id) => [id, { access: [], manage: [] }]));
    for (const row of rows) {
      const roles = byId.get(row.datasetId);
      if (roles) roles[row.action === PERMISSION_ACTIONS.datasetAccess ? 'access' : 'manage'] = row.roleIds;
    }
    return ids.map((id) => byId.get(id) ?? { access: [], manage: [] });
  });
