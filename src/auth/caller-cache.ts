import type { CallerUser } from '../context/caller';
import type { DatabaseSignals, SignalChannel } from '../db/signals';

interface Entry {
  user: CallerUser;
  expiresAt: number;
}

/**
 * API key -> user, kept per process so that an authenticated request costs no SQL for its identity.
 * Every process drops a user's entries when the database signals a change of them (a new key, a user
 * deleted, purged or renamed) on the application's channel (`caller_changed` for the platform,
 * `depot_caller_changed` for the depot): a revoked key never works once the signal has arrived.
 * While signals could be missed (the listening connection is down) the cache neither serves nor
 * keeps anything. An entry read before a signal that arrived during the lookup is not kept.
 */
export class CallerCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every signal: a lookup that started before it must not store what it read. */
  private generation = 0;

  constructor(
    private readonly signals: DatabaseSignals,
    channel: SignalChannel = 'caller_changed',
    private readonly options: { maxEntries: number; ttlMs: number } = { maxEntries: 10_000, ttlMs: 5 * 60_000 },
  ) {
    signals.on(channel, (payload) => this.forgetUser(Number(payload)));
    signals.onListeningChange(() => this.clear());
  }

  get(key: string): CallerUser | undefined {
    if (!this.signals.listening) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.user;
  }

  /** Taken before the lookup; `set` stores only if nothing was signalled since. */
  stamp(): number {
    return this.generation;
  }

  set(key: string, user: CallerUser, stamp: number): void {
    if (!this.signals.listening || stamp !== this.generation) return;
    // A simple bound: the oldest entry goes (Map keeps insertion order).
    if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { user, expiresAt: Date.now() + this.options.ttlMs });
  }

  private forgetUser(userId: number): void {
    this.generation += 1;
    if (!Number.isFinite(userId)) return this.entries.clear();
    for (const [key, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(key);
  }

  private clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
