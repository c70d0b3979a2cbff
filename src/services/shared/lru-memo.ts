/**
 * Results of a pure, costly function (sanitizing) this process computed lately, by key, kept under a
 * total size; the least recently used go first. Only a cache: server processes need not agree on it,
 * and a value too large to keep is simply computed each time.
 */
export class LruMemo<V> {
  private readonly entries = new Map<string, { value: V; size: number }>();
  private total = 0;

  /** `sizeOf` measures an entry (its key and value); `maxEntry` and `maxTotal` are in those units. */
  constructor(
    private readonly sizeOf: (key: string, value: V) => number,
    private readonly maxEntry: number,
    private readonly maxTotal: number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    const size = this.sizeOf(key, value);
    if (size > this.maxEntry) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.total -= previous.size;
    }
    this.entries.set(key, { value, size });
    this.total += size;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxTotal) break;
      this.entries.delete(oldest);
      this.total -= entry.size;
    }
  }

  /** Its value for the key, computed (and kept when small enough) the first time. */
  async getOrCompute(key: string, compute: () => Promise<V>): Promise<V> {
    const known = this.get(key);
    if (known !== undefined) return known;
    const value = await compute();
    this.set(key, value);
    return value;
  }
}
