import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The import graph of the service's own TypeScript (type-only imports included: they tie files as
 * much for a reader), for the architecture checks: which file imports which, and its cycles.
 */
export interface ImportGraph {
  /** Files relative to the root, each with the files it imports (relative to the root too). */
  edges: Map<string, string[]>;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'|require\('([^']+)'\)|import\('([^']+)'\)/g;

export function importGraph(root: string, directories: string[]): ImportGraph {
  const edges = new Map<string, string[]>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== 'node_modules' && name !== 'migrations') walk(path);
      } else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) {
        const text = readFileSync(path, 'utf8');
        const targets: string[] = [];
        for (const match of text.matchAll(IMPORT)) {
          const spec = match[1] ?? match[2] ?? match[3];
          if (!spec?.startsWith('.')) continue;
          const target = resolveFile(resolve(dirname(path), spec));
          if (target) targets.push(relative(root, target));
        }
        edges.set(relative(root, path), targets);
      }
    }
  };
  for (const directory of directories) walk(join(root, directory));
  return { edges };
}

function resolveFile(base: string): string | null {
  for (const candidate of [`${base}.ts`, join(base, 'index.ts'), base]) if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** The strongly connected components of more than one file (Tarjan), largest first. */
export function cycles(graph: ImportGraph): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const lowlinks = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string): void => {
    indices.set(node, index);
    lowlinks.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.edges.get(node) ?? []) {
      if (!graph.edges.has(next)) continue;
      if (!indices.has(next)) {
        connect(next);
        lowlinks.set(node, Math.min(lowlinks.get(node) ?? 0, lowlinks.get(next) ?? 0));
      } else if (onStack.has(next)) lowlinks.set(node, Math.min(lowlinks.get(node) ?? 0, indices.get(next) ?? 0));
    }
    if (lowlinks.get(node) === indices.get(node)) {
      const component: string[] = [];
      for (;;) {
        const member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
        if (member === node) break;
      }
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.edges.keys()) if (!indices.has(node)) connect(node);
  return found.sort((a, b) => b.length - a.length);
}

/**
 * Imports of a file inside an area of `src/services/<area>/` from outside that area, other than of
 * its door (`src/services/<area>/index.ts`): `from -> to` pairs.
 */
export function importsPastDoors(graph: ImportGraph): Array<{ from: string; to: string }> {
  const areaOf = (file: string) => /^src\/services\/([^/]+)\//.exec(file)?.[1];
  const breaches: Array<{ from: string; to: string }> = [];
  for (const [from, targets] of graph.edges) {
    for (const to of targets) {
      const area = areaOf(to);
      if (area && areaOf(from) !== area && to !== `src/services/${area}/index.ts`) breaches.push({ from, to });
    }
  }
  return breaches;
}
