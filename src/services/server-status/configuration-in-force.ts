import type { AppConfig } from '../../config/app-config';

/** One setting of the configuration in force, as the Server screen lists it. */
export interface ConfigurationEntry {
  key: string;
  /** The value as text (JSON for lists and objects); `[hidden]` for a secret. */
  value: string;
  secret: boolean;
}

export const HIDDEN = '[hidden]';

/** Keys whose values are secrets: keys, passwords, tokens, secrets. */
const SECRET_KEY = /secret|password(?!HashRounds)|token|apikey|api_key|masterkey/i;

/** A database URL with its password (and any `password=` parameter) replaced. */
export function withoutUrlPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = HIDDEN;
    for (const name of [...parsed.searchParams.keys()]) if (/pass/i.test(name)) parsed.searchParams.set(name, HIDDEN);
    return parsed.toString().replace(encodeURIComponent(HIDDEN), HIDDEN);
  } catch {
    // Not a URL we can read: show nothing of it rather than a password.
    return HIDDEN;
  }
}

/** What the Server screen shows of the job configuration (job_conf.xml): where it came from and its plugins and destinations (with their resubmit rules), no parameters. */
function jobConfSummary(config: AppConfig): string {
  const conf = config.jobConf;
  return JSON.stringify({
    source: conf.source,
    plugins: conf.plugins.map((plugin) => ({ id: plugin.id, kind: plugin.kind, workers: plugin.workers })),
    // A destination's <resubmit> rules (where a job that reached a limit there goes next), when it has any.
    destinations: conf.destinations.map((destination) => ({
      id: destination.id,
      runner: destination.kind,
      ...(destination.resubmit.length ? { resubmit: destination.resubmit.map((rule) => ({ condition: rule.condition ?? 'any', destination: rule.destinationId })) } : {}),
    })),
    defaultDestination: conf.defaultDestinationId,
  });
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? null);
}

/**
 * The configuration in force (read at start from the environment), one entry per setting, secrets
 * hidden: the id secret, the master API key, the runner tokens and anything named like a key,
 * password or token; the database URL without its password; the job configuration summarised.
 */
export function configurationInForce(config: AppConfig): ConfigurationEntry[] {
  const entries: ConfigurationEntry[] = [];
  for (const [key, value] of Object.entries(config).sort(([a], [b]) => a.localeCompare(b))) {
    if (key === 'masterApiKeyGenerated') continue;
    if (key === 'jobConf') entries.push({ key, value: jobConfSummary(config), secret: false });
    else if (key === 'databaseUrl') entries.push({ key, value: typeof value === 'string' ? withoutUrlPassword(value) : '(embedded: DATA_DIR/postgres)', secret: false });
    else if (SECRET_KEY.test(key)) entries.push({ key, value: HIDDEN, secret: true });
    else entries.push({ key, value: text(value), secret: false });
  }
  return entries;
}
