/** Command line and environment of the remote job runner. */
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { RunnerConfig } from './types';

export const RUNNER_USAGE = [
  'usage: npm run runner -- --url <server url> --token <runner token> [options]',
  '',
  '  --url <url>              platform server, e.g. http://server:8080',
  '  --token <token>          runner token (or env RUNNER_TOKEN)',
  '  --work-dir <dir>         local job directories (default: <tmp>/runner)',
  '  --concurrency <n>        jobs run at the same time (default: 1)',
  '  --poll-interval <ms>     wait between claims when the queue is empty (default: 2000)',
  '  --heartbeat <ms>         how often running jobs report alive (default: 15000; keep well under the',
  '                           server\'s JOB_STALE_SECONDS, or the server takes the job back)',
  '  --once                   run at most one job, then exit',
  '  --name <name>            runner name reported to the server (default: host name)',
  '  --help                   show this text',
].join('\n');

export const HEARTBEAT_INTERVAL_MS = 15_000;
export const KILL_GRACE_MS = 5_000;

/** Raised for any invalid command line; the message says what to fix. */
export class RunnerConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunnerConfigError';
  }
}

export type ParsedRunnerArgs = { help: true } | { help: false; config: RunnerConfig };

/**
 * Local paths are spliced unquoted into command lines rendered for the server's paths,
 * so the work directory may only hold characters that need no shell quoting.
 */
const SHELL_SAFE_PATH = /^[A-Za-z0-9_./+@%,:=-]+$/;

export function parseRunnerArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): ParsedRunnerArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        url: { type: 'string' },
        token: { type: 'string' },
        'work-dir': { type: 'string' },
        concurrency: { type: 'string' },
        'poll-interval': { type: 'string' },
        heartbeat: { type: 'string' },
        once: { type: 'boolean' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    // parseArgs messages already name the offending option.
    throw new RunnerConfigError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { help: true };

  const url = parseUrl(values.url);
  const token = values.token ?? env.RUNNER_TOKEN ?? '';
  if (!token.trim()) throw new RunnerConfigError('Missing runner token: pass --token or set RUNNER_TOKEN.');

  const workDir = resolve(values['work-dir'] ?? join(tmpdir(), 'runner'));
  if (!SHELL_SAFE_PATH.test(workDir)) {
    throw new RunnerConfigError(`--work-dir must contain no spaces or shell special characters: ${workDir}`);
  }
  const name = values.name ?? hostname();
  if (!name.trim()) throw new RunnerConfigError('--name must not be empty.');

  return {
    help: false,
    config: {
      url,
      token: token.trim(),
      workDir,
      concurrency: parsePositiveInt('--concurrency', values.concurrency, 1),
      pollIntervalMs: parsePositiveInt('--poll-interval', values['poll-interval'], 2000),
      once: values.once ?? false,
      name,
      heartbeatIntervalMs: parsePositiveInt('--heartbeat', values.heartbeat, HEARTBEAT_INTERVAL_MS),
      killGraceMs: KILL_GRACE_MS,
    },
  };
}

function parseUrl(text: string | undefined): string {
  if (!text) throw new RunnerConfigError('Missing --url (the platform server, e.g. http://server:8080).');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new RunnerConfigError(`--url is not a valid URL: ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RunnerConfigError(`--url must be an http or https URL: ${text}`);
  }
  if (url.search || url.hash) throw new RunnerConfigError(`--url must not have a query or fragment: ${text}`);
  // Endpoints are appended as "<url>/graphql", so a trailing slash would double up.
  return url.toString().replace(/\/+$/, '');
}

function parsePositiveInt(option: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1 || !Number.isSafeInteger(Number(text))) {
    throw new RunnerConfigError(`${option} must be a positive integer, got ${JSON.stringify(text)}.`);
  }
  return Number(text);
}
