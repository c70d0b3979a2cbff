import { bool, int, stamp } from '../convert';
import type { ImportStep, Skip, TargetRow } from '../import-step';
import { laterDuplicates, withReferences } from './step-kit';

/**
 * Users, deleted and purged ones too, with their passwords as stored (PBKDF2 or sha1: checked at
 * login and then rehashed). An email or a username an earlier account already has (15.05 did not
 * forbid it) is carried with a suffix naming the account, and reported.
 */
export const usersStep: ImportStep = {
  name: 'galaxy_user',
  source: 'galaxy_user',
  targets: ['galaxy_user'],
  async transform(rows, kit) {
    const emailTaken = await laterDuplicates(kit, 'galaxy_user', 'email', rows);
    const nameTaken = await laterDuplicates(kit, 'galaxy_user', 'username', rows);
    const notices: Skip[] = [];
    const users: TargetRow[] = rows.map((row) => {
      let email = String(row.email);
      let username = typeof row.username === 'string' && row.username !== '' ? row.username : null;
      if (emailTaken.has(row.id)) {
        email = `${email}.duplicate-${row.id}`;
        notices.push({ sourceTable: 'galaxy_user', sourceId: row.id, reason: `email ${String(row.email)} is also user ${emailTaken.get(row.id)}'s: carried as ${email}` });
      }
      if (username !== null && nameTaken.has(row.id)) {
        username = `${username}-${row.id}`;
        notices.push({ sourceTable: 'galaxy_user', sourceId: row.id, reason: `username ${String(row.username)} is also user ${nameTaken.get(row.id)}'s: carried as ${username}` });
      }
      return {
        id: row.id,
        create_time: stamp(row.create_time, row.update_time),
        update_time: stamp(row.update_time, row.create_time),
        email,
        username,
        password: typeof row.password === 'string' && row.password !== '' ? row.password : null,
        deleted: bool(row.deleted),
        purged: bool(row.purged),
        total_disk_usage: int(row.disk_usage) ?? 0,
      };
    });
    return { tables: [{ table: 'galaxy_user', rows: users }], notices };
  },
};

/** API keys as stored (the newest of a user's keys is the one that works, as on the platform). */
export const apiKeysStep: ImportStep = {
  name: 'api_keys',
  source: 'api_keys',
  targets: ['api_keys'],
  async transform(rows, kit) {
    const { kept, skipped } = await withReferences(rows, 'api_keys', { user_id: 'galaxy_user' }, kit);
    const keys: TargetRow[] = [];
    for (const row of kept) {
      if (typeof row.key !== 'string' || !/^[0-9a-f]{1,32}$/i.test(row.key)) {
        skipped.push({ sourceTable: 'api_keys', sourceId: row.id, reason: 'the key is empty or not hexadecimal' });
        continue;
      }
      keys.push({ id: row.id, create_time: stamp(row.create_time), user_id: row.user_id, key: row.key });
    }
    return { tables: [{ table: 'api_keys', rows: keys }], skipped };
  },
};
