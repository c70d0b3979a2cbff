import { createHash } from 'node:crypto';
import type { SignInLimits } from '../../config/app-config';
import type { SqlReader } from '../../db/sql/sql-reader';
import { sql, type SqlStatement } from '../../db/sql/sql-statement';
import { RetryLaterError } from '../../errors/error-kinds';
import type { Logger } from '../../logging/logger';

interface CountRow {
  key: string;
  failures: number;
  retryAfter: number;
}

/** One sign-in attempt, counted as a failure until it is known to have succeeded. */
export interface SignInAttempt {
  /** The password was right: the account's failures are forgotten, and this attempt no longer counts for the address. */
  succeeded(): Promise<void>;
}

/** Every this many counted attempts a process sweeps the rows of windows that are over. */
const SWEEP_EVERY = 100;
const SWEEP_BATCH = 1000;

/**
 * Failed sign-ins counted per account and per client address in fixed windows, in a table
 * (`sign_in_failure`, the depot's in its schema) so that every server process counts the same
 * attempts. Each attempt is counted before its password is checked (one statement, both keys in
 * one upsert, so a burst of parallel guesses cannot slip past the limit) and refused when either
 * count is over its limit; a successful one is then taken back (one more statement). Accounts are
 * keyed by a digest of the lower-cased email or name given (no account names in the table, a
 * fixed-length key whatever was typed); addresses as they are.
 */
export class SignInLimiter {
  private readonly count: SqlStatement<CountRow>;
  private readonly takeBack: SqlStatement<Record<string, never>>;
  private readonly sweep: SqlStatement<Record<string, never>>;
  private attemptsSinceSweep = 0;

  constructor(
    private readonly reader: SqlReader,
    /** The table, schema-qualified when not in `public`. */
    table: string,
    private readonly limits: SignInLimits,
    private readonly log: Logger,
  ) {
    const name = table.replace(/\W/g, '_');
    // Keys are sorted: concurrent attempts lock their rows in one order, and never deadlock.
    this.count = sql<CountRow>(
      `sign_in_count:${name}`,
      `insert into ${table} as f (key, window_start, failures)
         select k, now(), 1 from unnest($1::text[]) as k order by k
       on conflict (key) do update set
         failures = case when f.window_start > now() - make_interval(secs => $2) then f.failures + 1 else 1 end,
         window_start = case when f.window_start > now() - make_interval(secs => $2) then f.window_start else now() end
       returning f.key, f.failures,
         greatest(1, ceil(extract(epoch from f.window_start + make_interval(secs => $2) - now())))::int as "retryAfter"`,
    );
    this.takeBack = sql(
      `sign_in_take_back:${name}`,
      `update ${table} set failures = case when key = $1 then 0 else failures - 1 end
        where key = any($2::text[]) and failures > 0`,
    );
    this.sweep = sql(
      `sign_in_sweep:${name}`,
      `delete from ${table} where key in (
         select key from ${table} where window_start < now() - make_interval(secs => $1)
          limit ${SWEEP_BATCH} for update skip locked)`,
    );
  }

  /**
   * Counts an attempt to sign in to `account` (the email or name given) from `address` (null when
   * unknown: only the account is counted). Refuses it (TooManyRequests, 429, with the seconds until
   * the window is over) when the account or the address has failed too often in its window.
   */
  async attempt(account: string, address: string | null): Promise<SignInAttempt> {
    const accountKey = `account:${createHash('sha256').update(account.trim().toLowerCase(), 'utf8').digest('hex')}`;
    const keys = address ? [accountKey, `address:${address}`].sort() : [accountKey];
    const rows = await this.reader.rows(null, this.count, [keys, this.limits.windowSeconds]);
    await this.sweepNow();
    const over = rows.filter((row) => row.failures > (row.key === accountKey ? this.limits.maxFailuresPerAccount : this.limits.maxFailuresPerAddress));
    if (over.length > 0) {
      const seconds = Math.max(...over.map((row) => row.retryAfter));
      this.log.warn({ limited: over.map((row) => (row.key === accountKey ? 'account' : 'address')), address, retryAfter: seconds }, 'sign-in refused: too many failures');
      throw new RetryLaterError(`Too many failed sign-ins; try again in ${seconds} seconds.`, seconds);
    }
    return { succeeded: () => this.reader.rows(null, this.takeBack, [accountKey, keys]).then(() => undefined) };
  }

  /** Every SWEEP_EVERY attempts, the rows of windows over are removed (never waiting for a row another attempt holds). */
  private async sweepNow(): Promise<void> {
    this.attemptsSinceSweep += 1;
    if (this.attemptsSinceSweep < SWEEP_EVERY) return;
    this.attemptsSinceSweep = 0;
    await this.reader.rows(null, this.sweep, [this.limits.windowSeconds]).catch((error: unknown) => this.log.warn({ err: error }, 'sign-in failure sweep failed'));
  }
}
