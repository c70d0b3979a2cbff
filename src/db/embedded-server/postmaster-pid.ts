import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { processAlive } from './process-alive';

/** What a running server writes into `postmaster.pid`: how to reach it. */
export interface PostmasterInfo {
  pid: number;
  port: number;
  /** The first socket directory, or '' when it listens on TCP only. */
  socketDir: string;
  /** The first listen address, or '' when on sockets only. */
  listenAddress: string;
  /** 'starting', 'ready', 'stopping' (PostgreSQL's own words), '' before it says. */
  status: string;
}

/** Reads the cluster's `postmaster.pid` (lines: pid, data dir, start time, port, socket dir, listen address, shmem key, status). */
export function readPostmasterPid(clusterDir: string): PostmasterInfo | null {
  let text: string;
  try {
    text = readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return {
    pid,
    port: Number(lines[3]) || 5432,
    socketDir: (lines[4] ?? '').trim().split(',')[0]?.trim() ?? '',
    listenAddress: (lines[5] ?? '').trim().split(',')[0]?.trim() ?? '',
    status: (lines[7] ?? '').trim(),
  };
}

/** A pid file whose process is a live postgres (on Linux its name is checked: after a reboot the pid may be another program's). */
export function livePostmaster(clusterDir: string): PostmasterInfo | null {
  const info = readPostmasterPid(clusterDir);
  if (!info || !processAlive(info.pid)) return null;
  try {
    const name = readFileSync(`/proc/${info.pid}/comm`, 'utf8').trim();
    if (!name.startsWith('postgres')) return null;
  } catch {
    // no /proc (macOS): the pid is taken at its word
  }
  return info;
}
