import type { EntityManager } from '@mikro-orm/postgresql';
import type { ServiceContext } from '../../context/service-context';
import type { User } from '../../entities/user.entity';
import { errors } from '../../errors/error-kinds';
import type { StoredDataset } from '../../storage/object-store';
import { removeStoredFiles } from '../datasets';
import { renamePrivateRole } from './user-edits';
import { refusePurged, targetUser } from './user-target';

/**
 * What purging a user removes or marks, counted before it is done (shown before the administrator
 * confirms). 15.05's purge: the user is kept as a record marked purged; their histories and the
 * datasets in them are purged (a dataset's file goes when nothing else still uses it); their group
 * memberships and roles other than their private role are removed. Beyond 15.05, their email and
 * public name are replaced, their API keys removed and their sessions ended.
 */
export interface UserPurgePlan {
  email: string;
  /** The email the purged record keeps instead. */
  replacementEmail: string;
  histories: number;
  historyDatasets: number;
  /** Datasets whose files are removed (no other history or library still uses them). */
  datasetFiles: number;
  groupMemberships: number;
  /** Role memberships removed (the private role is kept). */
  roleMemberships: number;
  apiKeys: number;
  sessions: number;
  /** Bytes of disk usage the user holds now. */
  diskUsage: number;
}

const USER_HDAS = `select hda.id, hda.dataset_id from history_dataset_association hda
  join history h on h.id = hda.history_id where h.user_id = ? and not hda.purged`;

/** Datasets only this user's histories use (a file that goes when they are purged). */
const ORPHANS_AFTER = `d.purgable and d.id in (select dataset_id from (${USER_HDAS}) mine)
  and not exists (select 1 from history_dataset_association o join history oh on oh.id = o.history_id
                  where o.dataset_id = d.id and not o.purged and oh.user_id is distinct from ?)
  and not exists (select 1 from library_dataset_dataset_association l where l.dataset_id = d.id and not l.purged)`;

function replacementEmail(userId: number): string {
  // Not an email address (no '@'), so no one can register it; unique as the id is.
  return `purged-user-${userId}`;
}

async function countPlan(em: EntityManager, user: User): Promise<UserPurgePlan> {
  const [row] = await em.execute<Array<Record<string, string | number>>>(
    `select
       (select count(*) from history h where h.user_id = ? and not h.purged) as histories,
       (select count(*) from (${USER_HDAS}) mine) as hdas,
       (select count(*) from dataset d where not d.purged and ${ORPHANS_AFTER}) as files,
       (select count(*) from user_group_association uga where uga.user_id = ?) as groups,
       (select count(*) from user_role_association ura join role r on r.id = ura.role_id where ura.user_id = ? and r.type <> 'private') as roles,
       (select count(*) from api_keys k where k.user_id = ?) as keys,
       (select count(*) from galaxy_session s where s.user_id = ? and s.is_valid) as sessions`,
    [user.id, user.id, user.id, user.id, user.id, user.id, user.id, user.id],
  );
  return {
    email: user.email,
    replacementEmail: replacementEmail(user.id),
    histories: Number(row.histories),
    historyDatasets: Number(row.hdas),
    datasetFiles: Number(row.files),
    groupMemberships: Number(row.groups),
    roleMemberships: Number(row.roles),
    apiKeys: Number(row.keys),
    sessions: Number(row.sessions),
    diskUsage: user.totalDiskUsage,
  };
}

/** What purging this user would do (administrators only; the user must be deleted first, as in 15.05). */
export async function userPurgePlan(ctx: ServiceContext, encodedId: string): Promise<UserPurgePlan> {
  const user = await targetUser(ctx, encodedId);
  return countPlan(ctx.em, user);
}

/**
 * Purges a deleted user (15.05's "Purge"), all in one transaction of set-based statements; the files
 * of datasets nothing else uses are removed after it commits. Returns the plan that was carried out.
 */
export async function purgeUser(ctx: ServiceContext, encodedId: string): Promise<{ user: User; plan: UserPurgePlan }> {
  const { user, plan, orphans } = await ctx.em.transactional(async (em) => {
    const target = await targetUser(ctx, encodedId);
    refusePurged(target, 'be purged again');
    if (!target.deleted) throw errors.invalid(`User '${target.email}' has not been deleted, so it cannot be purged.`);
    const counted = await countPlan(em, target);
    const id = target.id;
    const files = await em.execute<Array<{ id: number; external_filename: string | null; file_root: string | null; extra_files_path: string | null }>>(
      `update dataset d set deleted = true, purged = true, update_time = now()
        where not d.purged and ${ORPHANS_AFTER}
        returning d.id, d.external_filename, d.file_root, d.extra_files_path`,
      [id, id],
    );
    await em.execute(
      `update history_dataset_association hda set deleted = true, purged = true, update_time = now()
        from history h where h.id = hda.history_id and h.user_id = ? and not hda.purged`,
      [id],
    );
    await em.execute(`update history set deleted = true, purged = true, update_time = now() where user_id = ? and not purged`, [id]);
    await em.execute(`delete from user_group_association where user_id = ?`, [id]);
    await em.execute(
      `delete from user_role_association ura using role r where r.id = ura.role_id and ura.user_id = ? and r.type <> 'private'`,
      [id],
    );
    await em.execute(`delete from api_keys where user_id = ?`, [id]);
    await em.execute(`update galaxy_session set is_valid = false where user_id = ? and is_valid`, [id]);
    target.email = counted.replacementEmail;
    target.username = null;
    target.purged = true;
    target.totalDiskUsage = 0;
    await em.flush();
    await renamePrivateRole(em, id, target.email);
    const stored: StoredDataset[] = files.map((row) => ({
      id: Number(row.id),
      externalFilename: row.external_filename,
      fileRoot: row.file_root,
      extraFilesPath: row.extra_files_path,
    }));
    return { user: target, plan: counted, orphans: stored };
  });
  await removeStoredFiles(ctx.services.layout.objects, orphans);
  return { user, plan };
}
