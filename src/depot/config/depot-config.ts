import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type AppConfig, type Env, envFlag, loadConfig, type SignInLimits, type TrustProxy } from '../../config/app-config';

/**
 * The depot's settings: its own port, database, id secret and files; the operator's master key,
 * administrators, upload limit and logging are the platform's (read once by `loadConfig`).
 */
export interface DepotConfig {
  /** DEPOT_PORT (default 9009); 0 means the depot is not served. */
  port: number;
  /** DEPOT_DATABASE_URL, else DATABASE_URL; unset shares the platform's embedded server (DATA_DIR/postgres). */
  databaseUrl: string | undefined;
  /** The platform's DATA_DIR (its embedded database, when the depot starts alone). */
  dataDir: string;
  /** DEPOT_DATA_DIR (default DATA_DIR/depot): repositories, uploads in flight, scratch files. */
  depotDir: string;
  /** DEPOT_ID_SECRET, else generated once into DATA_DIR/depot_id_secret. */
  idSecret: string;
  /**
   * DEPOT_URL: the public address of the depot (tool guids, clone URLs, capsule download links);
   * unset uses the address each request was sent to.
   */
  publicUrl: string | null;
  /** DEPOT_CAPSULE_DIRS: where capsules may be written (download_dir) and read (capsule_file_name). */
  capsuleDirs: string[];
  /** How long an upload waits for its revision's metadata before answering (DEPOT_METADATA_WAIT_SECONDS, default 30). */
  metadataWaitSeconds: number;
  /** How long a capsule import request waits for its task (DEPOT_IMPORT_WAIT_SECONDS, default 300). */
  importWaitSeconds: number;
  adminUsers: string[];
  masterApiKey: string;
  maxUploadBytes: number;
  logLevel: string;
  passwordHashRounds: number;
  exposeQueryCount: boolean;
  shutdownDeadlineSeconds: number;
  /** The platform's TRUST_PROXY: which proxies' X-Forwarded-Proto and X-Forwarded-For are believed. */
  trustProxy: TrustProxy;
  /** The platform's SIGN_IN_* limits, counted in the depot's own table. */
  signInLimits: SignInLimits;
  version: { major: string; minor: string };
  tasks: { pollMs: number; heartbeatMs: number; staleSeconds: number };
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);

const int = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(parsed) ? Math.trunc(parsed) : fallback;
};

function persistedSecret(dataDir: string, file: string): string {
  const path = join(dataDir, file);
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  const value = randomBytes(16).toString('hex');
  try {
    writeFileSync(path, `${value}\n`, { mode: 0o600, flag: 'wx' });
    return value;
  } catch (error) {
    // Another process of the same start wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(path, 'utf8').trim();
    throw error;
  }
}

/** The depot's configuration, beside the platform's (which it shares the operator's settings with). */
export function depotConfigOf(app: AppConfig, env: Env = process.env): DepotConfig {
  const depotDir = resolve(env.DEPOT_DATA_DIR || join(app.dataDir, 'depot'));
  mkdirSync(depotDir, { recursive: true });
  const capsuleDirs = env.DEPOT_CAPSULE_DIRS !== undefined ? list(env.DEPOT_CAPSULE_DIRS) : [tmpdir(), '/tmp', join(depotDir, 'capsules')];
  const publicUrl = (env.DEPOT_URL ?? '').trim().replace(/\/+$/, '');
  return {
    port: app.depotPort,
    databaseUrl: env.DEPOT_DATABASE_URL || app.databaseUrl,
    dataDir: app.dataDir,
    depotDir,
    idSecret: env.DEPOT_ID_SECRET || persistedSecret(app.dataDir, 'depot_id_secret'),
    publicUrl: publicUrl || null,
    capsuleDirs: [...new Set(capsuleDirs.map((dir) => resolve(dir)))],
    metadataWaitSeconds: Math.max(0, int(env.DEPOT_METADATA_WAIT_SECONDS, 30)),
    importWaitSeconds: Math.max(1, int(env.DEPOT_IMPORT_WAIT_SECONDS, 300)),
    adminUsers: app.adminUsers,
    masterApiKey: app.masterApiKey,
    maxUploadBytes: app.maxUploadBytes,
    logLevel: app.logLevel,
    passwordHashRounds: app.passwordHashRounds,
    exposeQueryCount: envFlag(env.EXPOSE_QUERY_COUNT, false),
    shutdownDeadlineSeconds: app.shutdownDeadlineSeconds,
    trustProxy: app.trustProxy,
    signInLimits: app.signInLimits,
    version: app.version,
    tasks: { pollMs: app.jobs.pollMs, heartbeatMs: app.jobs.heartbeatMs, staleSeconds: app.jobs.staleSeconds },
  };
}

/** `npm run depot` and tests: the depot's configuration straight from the environment. */
export function loadDepotConfig(env: Env = process.env): DepotConfig {
  return depotConfigOf(loadConfig(env), env);
}
