import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Who runs the embedded PostgreSQL: the service's own user, or an unprivileged one when the service runs as root. */
export interface ClusterOwner {
  name: string;
  uid: number;
  gid: number;
  /** Whether the server's processes run as another user than the service (spawned with uid/gid). */
  switched: boolean;
}

/** PostgreSQL refuses to run as root; a service started as root runs it as this system user (created when missing). */
export const ROOT_CLUSTER_OWNER = 'platformdb';

export function clusterOwner(): ClusterOwner {
  const uid = process.getuid?.() ?? -1;
  if (uid !== 0) return { name: process.env.USER ?? String(uid), uid, gid: process.getgid?.() ?? -1, switched: false };
  const existing = lookUpUser(ROOT_CLUSTER_OWNER) ?? createSystemUser(ROOT_CLUSTER_OWNER);
  return { ...existing, switched: true };
}

function lookUpUser(name: string): Omit<ClusterOwner, 'switched'> | null {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.split(':')[0] === name);
  if (!line) return null;
  const [, , uid, gid] = line.split(':');
  return { name, uid: Number(uid), gid: Number(gid) };
}

function createSystemUser(name: string): Omit<ClusterOwner, 'switched'> {
  const attempts: [string, string[]][] = [
    ['useradd', ['--system', '--user-group', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', name]],
    ['adduser', ['-S', '-D', '-H', '-h', '/nonexistent', '-s', '/sbin/nologin', name]], // busybox (Alpine)
  ];
  for (const [command, args] of attempts) {
    try {
      execFileSync(command, args, { stdio: 'pipe' });
      const created = lookUpUser(name);
      if (created) return created;
    } catch {
      // the next tool, if any
    }
  }
  throw new Error(
    `The embedded PostgreSQL cannot run as root and the user '${name}' could not be created (useradd/adduser). ` +
      `Create an unprivileged user named ${name}, run the service as an ordinary user, or set DATABASE_URL.`,
  );
}
