import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
import { sql } from '../../db/sql/sql-statement';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import { type DatasetRoleIds, type HdaView, loadHdaViews } from './hda-view';

/** Every dataset of each history (with its dataset row), by hid; one query per batch, no hydration. */
export const contentsByHistoryId: LoaderFactory<number, HdaView[]> = (ctx) =>
  new DataLoader(async (ids) => {
    const hdas = await loadHdaViews(ctx, { historyIds: ids });
    const byHistory = new Map<number, HdaView[]>(ids.map((id) => [id, []]));
    for (const hda of hdas) byHistory.get(hda.history.id)?.push(hda);
    return ids.map((id) => byHistory.get(id) ?? []);
  });

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
