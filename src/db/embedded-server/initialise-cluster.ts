import { spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../../logging/logger';
import type { PostgresBinaries } from './binaries';
import type { ClusterLayout } from './cluster-layout';
import type { ClusterOwner } from './cluster-owner';
import { processAlive } from './process-alive';

/**
 * Creates the cluster: initdb into a directory of its own, renamed into place only once complete, so
 * a start killed half-way leaves nothing that looks like a cluster (its leftovers are swept on the
 * next start). The `postgres` role gets the generated password; connections need it (scram-sha-256).
 */
export async function initialiseCluster(layout: ClusterLayout, binaries: PostgresBinaries, owner: ClusterOwner, password: string, log: Logger): Promise<void> {
  sweepAbandonedInits(layout.dataDir);
  const started = Date.now();
  const initDir = layout.initDir(process.pid);
  const passwordFile = `${initDir}.password`;
  log.info({ clusterDir: layout.clusterDir }, 'initialising the embedded PostgreSQL (first start)');
  mkdirSync(initDir, { mode: 0o700 });
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (owner.switched) for (const path of [initDir, passwordFile]) chownSync(path, owner.uid, owner.gid);
  try {
    await run(binaries.initdb, ['-D', initDir, '-U', 'postgres', '--auth=scram-sha-256', `--pwfile=${passwordFile}`, '-E', 'UTF8', '--locale=C', '--no-instructions'], owner);
    renameSync(initDir, layout.clusterDir);
  } catch (error) {
    rmSync(initDir, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(passwordFile, { force: true });
  }
  log.info({ clusterDir: layout.clusterDir, ms: Date.now() - started }, 'embedded PostgreSQL initialised');
}

/** `postgres.init-<pid>` directories of starts that were killed while initialising. */
function sweepAbandonedInits(dataDir: string): void {
  for (const name of readdirSync(dataDir)) {
    const match = /^postgres\.init-(\d+)(\.password)?$/.exec(name);
    if (match && !processAlive(Number(match[1]))) rmSync(join(dataDir, name), { recursive: true, force: true });
  }
}

function run(command: string, args: string[], owner: ClusterOwner): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' },
      ...(owner.switched ? { uid: owner.uid, gid: owner.gid } : {}),
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`initdb failed (exit ${code}):\n${output.trim()}`))));
  });
}

export function clusterExists(layout: ClusterLayout): boolean {
  return existsSync(join(layout.clusterDir, 'PG_VERSION'));
}
