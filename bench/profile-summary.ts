/**
 * Summarises a `.cpuprofile` (node --cpu-prof) by where the time is spent: self time per npm package
 * (node_modules/<name>), per project folder (src/<area>, rest-shim/<part>) and for node internals.
 * Usage: node -r @swc-node/register bench/profile-summary.ts <file.cpuprofile> [top] [skip-seconds]
 * (skip-seconds leaves out the start-up: module loading and compilation).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function bucketOf(url: string, functionName: string): string {
  if (!url) return functionName === '(garbage collector)' ? '(gc)' : functionName === '(idle)' ? '(idle)' : functionName === '(program)' ? '(program)' : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return 'node internals';
  const project = url.match(/\/(src|rest-shim)\/([^/]+)/);
  if (project) return `${project[1]}/${project[2]}`;
  return url;
}

function main(): void {
  const [file, topArg, skipArg] = process.argv.slice(2);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfTime = new Map<number, number>();
  const skipMicros = Number(skipArg ?? 0) * 1e6;
  let elapsed = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    elapsed += delta;
    if (elapsed >= skipMicros) selfTime.set(id, (selfTime.get(id) ?? 0) + delta);
  });
  const buckets = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  for (const [id, micros] of selfTime) {
    const node = byId.get(id);
    if (!node) continue;
    const bucket = bucketOf(node.callFrame.url, node.callFrame.functionName);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + micros);
    if (bucket !== '(idle)') busy += micros;
    const fn = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/.*node_modules\//, '').replace(/.*\/work\/main\//, '')}:${node.callFrame.lineNumber + 1}`;
    if (bucket !== '(idle)') functions.set(fn, (functions.get(fn) ?? 0) + micros);
  }
  const top = Number(topArg ?? 25);
  const pct = (micros: number) => `${((100 * micros) / busy).toFixed(1).padStart(5)} %`;
  process.stdout.write(`busy ${(busy / 1e6).toFixed(2)} s (idle excluded); self time by package or folder:\n`);
  for (const [bucket, micros] of [...buckets].filter(([b]) => b !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, top)) process.stdout.write(`${pct(micros)}  ${bucket}\n`);
  process.stdout.write('\nhottest functions (self time):\n');
  for (const [fn, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) process.stdout.write(`${pct(micros)}  ${fn}\n`);
}

main();
