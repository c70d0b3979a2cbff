import { Client } from 'pg';

/** A key's user as the baseline's routes need it. */
export interface KeyUser {
  id: number;
  email: string;
}

/**
 * API key -> user, kept in the baseline's memory as the service keeps it (src/auth/caller-cache.ts), so that
 * an authenticated request costs both sides the same: no statement for the key once it is known. Correct
 * as the service's is: a dedicated connection LISTENs on `caller_changed` (the triggers of the service's
 * migrations signal a new or replaced key, a user deleted, purged or renamed, with the user's id) and drops
 * that user's keys; while that connection is not listening, nothing is served from or kept in memory.
 */
export class KeyCache {
  private readonly entries = new Map<string, KeyUser>();
  private listening = false;
  /** Bumped by every signal: a lookup that started before it does not keep what it read. */
  private generation = 0;
  private listener: Client | null = null;
  private closed = false;

  constructor(private readonly connectionString: string) {}

  /** Starts listening (and listens again, after a second, whenever the connection is lost). */
  async open(): Promise<void> {
    if (this.closed) return;
    const client = new Client({ connectionString: this.connectionString });
    const lost = () => {
      this.forgetAll();
      this.listening = false;
      if (this.listener === client) this.listener = null;
      if (!this.closed) setTimeout(() => void this.open().catch(lost), 1000);
    };
    client.on('error', lost);
    client.on('notification', (message) => this.forgetUser(Number(message.payload)));
    await client.connect();
    await client.query('LISTEN caller_changed');
    this.listener = client;
    this.listening = true;
  }

  get(key: string): KeyUser | undefined {
    return this.listening ? this.entries.get(key) : undefined;
  }

  stamp(): number {
    return this.generation;
  }

  set(key: string, user: KeyUser, stamp: number): void {
    if (this.listening && stamp === this.generation) this.entries.set(key, user);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    await this.listener?.end();
  }

  private forgetUser(userId: number): void {
    this.generation += 1;
    if (!Number.isFinite(userId)) return this.forgetAll();
    for (const [key, user] of this.entries) if (user.id === userId) this.entries.delete(key);
  }

  private forgetAll(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

