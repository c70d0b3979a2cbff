/**
 * `node -r @swc-node/register bench/memory/heap-diff.ts <before.heapsnapshot> <after.heapsnapshot> [top]`:
 * which kinds of objects grew between two heap snapshots, by retained count and self size, summed
 * per (node type, constructor or string) — where to look for a leak.
 */
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

function totals(path: string): Map<string, { count: number; size: number }> {
  const data = JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
  const fields = data.snapshot.meta.node_fields;
  const types = data.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field));
  const byKind = new Map<string, { count: number; size: number }>();
  for (let i = 0; i < data.nodes.length; i += fields.length) {
    const type = types[data.nodes[i + typeAt]];
    // Strings are grouped as one kind (their texts differ); objects by constructor name.
    const name = type === 'string' || type === 'concatenated string' || type === 'sliced string' ? '' : data.strings[data.nodes[i + nameAt]].slice(0, 60);
    const key = `${type} ${name}`;
    const entry = byKind.get(key) ?? { count: 0, size: 0 };
    entry.count += 1;
    entry.size += data.nodes[i + sizeAt];
    byKind.set(key, entry);
  }
  return byKind;
}

const [beforePath, afterPath, topText] = process.argv.slice(2);
if (!beforePath || !afterPath) throw new Error('usage: heap-diff <before.heapsnapshot> <after.heapsnapshot> [top]');
const before = totals(beforePath);
const after = totals(afterPath);
const growth = [...after].map(([kind, now]) => {
  const was = before.get(kind) ?? { count: 0, size: 0 };
  return { kind, count: now.count - was.count, size: now.size - was.size };
});
growth.sort((a, b) => b.size - a.size);
process.stdout.write(`${'kind'.padEnd(64)} ${'+objects'.padStart(10)} ${'+KB'.padStart(10)}\n`);
for (const row of growth.slice(0, Number(topText ?? 25))) {
  process.stdout.write(`${row.kind.padEnd(64)} ${String(row.count).padStart(10)} ${(row.size / 1024).toFixed(0).padStart(10)}\n`);
}
