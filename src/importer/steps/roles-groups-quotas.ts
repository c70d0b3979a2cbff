import { bool, int, stamp, textOf } from '../convert';
import type { ImportStep, Skip, TargetRow } from '../import-step';
import { associationStep, laterDuplicates, withReferences } from './step-kit';

const ROLE_TYPES = new Set(['private', 'system', 'user', 'admin', 'sharing']);

export const rolesStep: ImportStep = {
  name: 'role',
  source: 'role',
  targets: ['role'],
  async transform(rows) {
    const notices: Skip[] = [];
    const roles: TargetRow[] = rows.map((row) => {
      let type = typeof row.type === 'string' ? row.type : 'system';
      if (!ROLE_TYPES.has(type)) {
        notices.push({ sourceTable: 'role', sourceId: row.id, reason: `role type ${String(row.type)} is not one of the platform's: carried as system` });
        type = 'system';
      }
      return {
        id: row.id,
        create_time: stamp(row.create_time, row.update_time),
        update_time: stamp(row.update_time, row.create_time),
        name: textOf(row.name) ?? '',
        description: textOf(row.description) ?? '',
        type,
        deleted: bool(row.deleted),
      };
    });
    return { tables: [{ table: 'role', rows: roles }], notices };
  },
};

/** A name this service keeps unique (groups, quotas): a later duplicate is carried with its id appended, and reported. */
async function uniqueNames(rows: Parameters<ImportStep['transform']>[0], kit: Parameters<ImportStep['transform']>[1], table: string, notices: Skip[]): Promise<Map<number, string>> {
  const taken = await laterDuplicates(kit, table, 'name', rows);
  const names = new Map<number, string>();
  for (const row of rows) {
    let name = textOf(row.name) ?? `${table} ${row.id}`;
    if (taken.has(row.id)) {
      const renamed = `${name} (${row.id})`;
      notices.push({ sourceTable: table, sourceId: row.id, reason: `name ${name} is also ${table} ${taken.get(row.id)}'s: carried as ${renamed}` });
      name = renamed;
    }
    names.set(row.id, name);
  }
  return names;
}

export const groupsStep: ImportStep = {
  name: 'galaxy_group',
  source: 'galaxy_group',
  targets: ['galaxy_group'],
  async transform(rows, kit) {
    const notices: Skip[] = [];
    const names = await uniqueNames(rows, kit, 'galaxy_group', notices);
    const groups = rows.map((row) => ({ id: row.id, create_time: stamp(row.create_time, row.update_time), update_time: stamp(row.update_time, row.create_time), name: names.get(row.id), deleted: bool(row.deleted) }));
    return { tables: [{ table: 'galaxy_group', rows: groups }], notices };
  },
};

const OPERATIONS = new Set(['=', '+', '-']);

export const quotasStep: ImportStep = {
  name: 'quota',
  source: 'quota',
  targets: ['quota'],
  async transform(rows, kit) {
    const notices: Skip[] = [];
    const names = await uniqueNames(rows, kit, 'quota', notices);
    const quotas = rows.map((row) => {
      const operation = typeof row.operation === 'string' && OPERATIONS.has(row.operation) ? row.operation : '=';
      return {
        id: row.id,
        create_time: stamp(row.create_time, row.update_time),
        update_time: stamp(row.update_time, row.create_time),
        name: names.get(row.id),
        description: textOf(row.description) ?? '',
        bytes: int(row.bytes) ?? 0,
        operation,
        deleted: bool(row.deleted),
      };
    });
    return { tables: [{ table: 'quota', rows: quotas }], notices };
  },
};

export const defaultQuotasStep: ImportStep = {
  name: 'default_quota_association',
  source: 'default_quota_association',
  targets: ['default_quota_association'],
  async transform(rows, kit) {
    const { kept, skipped } = await withReferences(rows, 'default_quota_association', { quota_id: 'quota' }, kit);
    const defaults: TargetRow[] = [];
    for (const row of kept) {
      if (row.type !== 'registered' && row.type !== 'unregistered') {
        skipped.push({ sourceTable: 'default_quota_association', sourceId: row.id, reason: `default type ${String(row.type)} is neither registered nor unregistered` });
        continue;
      }
      defaults.push({ id: row.id, create_time: stamp(row.create_time, row.update_time), update_time: stamp(row.update_time, row.create_time), type: row.type, quota_id: row.quota_id });
    }
    return { tables: [{ table: 'default_quota_association', rows: defaults }], skipped };
  },
};

export const userGroupsStep = associationStep('user_group_association', { user_id: 'galaxy_user', group_id: 'galaxy_group' });
export const userRolesStep = associationStep('user_role_association', { user_id: 'galaxy_user', role_id: 'role' });
export const groupRolesStep = associationStep('group_role_association', { group_id: 'galaxy_group', role_id: 'role' });
export const userQuotasStep = associationStep('user_quota_association', { user_id: 'galaxy_user', quota_id: 'quota' });
export const groupQuotasStep = associationStep('group_quota_association', { group_id: 'galaxy_group', quota_id: 'quota' });
