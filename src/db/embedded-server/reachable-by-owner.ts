import { chmodSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ClusterOwner } from './cluster-owner';

/**
 * When the server runs as another user than the service (the service runs as root), every directory
 * above its files must let that user through: /root, for one, does not. Says which one does not.
 * `own` (DATA_DIR) is the service's: it is opened for passing through (o+x: no listing) if need be.
 */
export function assertReachableByOwner(path: string, owner: ClusterOwner, what: string, own?: string): void {
  if (!owner.switched) return;
  for (let dir = path; ; dir = dirname(dir)) {
    const stat = statSync(dir);
    const bits = stat.uid === owner.uid ? 0o100 : stat.gid === owner.gid ? 0o010 : 0o001;
    if ((stat.mode & bits) === 0 && dir === own && stat.uid === process.getuid?.()) chmodSync(dir, (stat.mode & 0o7777) | bits);
    else if ((stat.mode & bits) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the user '${owner.name}' (the service runs as root) and cannot reach ${what} ${path}: ` +
          `${dir} is mode ${(stat.mode & 0o777).toString(8)}. Use a DATA_DIR (and an install) outside it, allow others through it (chmod o+x ${dir}), ` +
          'run the service as an ordinary user, or set DATABASE_URL.',
      );
    }
    if (dirname(dir) === dir) return;
  }
}
