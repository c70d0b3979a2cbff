/**
 * Uniform lookup over the API's tool inputs, which come flat (`cond|sel`, `queries_0|input2`),
 * nested (`{cond: {sel}}`, `{queries: [{input2}]}`) or mixed. A scope is one level of the tool's
 * input tree; groups open child scopes. Flat keys win over nested ones when both are given.
 */

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export class InputScope {
  private constructor(private readonly entries: ReadonlyMap<string, unknown>) {}

  static from(raw: Readonly<Record<string, unknown>>): InputScope {
    return new InputScope(new Map(Object.entries(raw)));
  }

  /** The value given for a leaf parameter; null and undefined both mean "not given". */
  get(name: string): unknown {
    const value = this.entries.get(name);
    return value === null ? undefined : value;
  }

  /** Child scope of a conditional or section. */
  group(name: string): InputScope {
    const merged = new Map<string, unknown>();
    const nested = this.entries.get(name);
    if (isPlainObject(nested)) for (const [key, value] of Object.entries(nested)) merged.set(key, value);
    const prefix = `${name}|`;
    for (const [key, value] of this.entries) if (key.startsWith(prefix)) merged.set(key.slice(prefix.length), value);
    return new InputScope(merged);
  }

  /**
   * Scopes of a repeat's instances, in index order. Gaps in flat indexes close up (`q_0`, `q_2` are
   * two instances) rather than dropping the later ones.
   */
  repeatInstances(name: string): InputScope[] {
    const byIndex = new Map<number, Map<string, unknown>>();
    const slot = (index: number): Map<string, unknown> => {
      let entries = byIndex.get(index);
      if (!entries) byIndex.set(index, (entries = new Map()));
      return entries;
    };
    const nested = this.entries.get(name);
    if (Array.isArray(nested)) {
      nested.forEach((item: unknown, index) => {
        const entries = slot(index);
        if (isPlainObject(item)) for (const [key, value] of Object.entries(item)) entries.set(key, value);
      });
    }
    const pattern = new RegExp(`^${escapeRegExp(name)}_(\\d+)\\|(.+)$`, 's');
    for (const [key, value] of this.entries) {
      const match = pattern.exec(key);
      if (match) slot(Number(match[1])).set(match[2]!, value);
    }
    return [...byIndex.keys()].sort((a, b) => a - b).map((index) => new InputScope(byIndex.get(index)!));
  }
}
