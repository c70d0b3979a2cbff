import { createHash } from 'node:crypto';
import type { ToolDefinition } from '../../tools';

/** What a reload of the tools changed, by tool id (each list in id order). */
export interface ToolSetChanges {
  added: string[];
  removed: string[];
  /** Tools whose definition (XML) differs from the one loaded before. */
  changed: string[];
  /** Files of TOOL_DIRS that looked like tools and did not load, with the parser's message. */
  problems: Array<{ file: string; message: string }>;
}

/** A digest of a parsed tool: two loads of the same XML give the same one. */
export function toolFingerprint(tool: ToolDefinition): string {
  return createHash('sha1').update(JSON.stringify(tool)).digest('hex');
}

export function fingerprints(tools: readonly ToolDefinition[]): Map<string, string> {
  return new Map(tools.map((tool) => [tool.id, toolFingerprint(tool)]));
}

/** The tools added, removed and changed from `before` to `after` (fingerprints by id). */
export function toolSetChanges(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): Omit<ToolSetChanges, 'problems'> {
  const sorted = (ids: Iterable<string>) => [...ids].sort();
  return {
    added: sorted([...after.keys()].filter((id) => !before.has(id))),
    removed: sorted([...before.keys()].filter((id) => !after.has(id))),
    changed: sorted([...after.entries()].filter(([id, print]) => before.has(id) && before.get(id) !== print).map(([id]) => id)),
  };
}
