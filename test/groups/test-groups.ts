import { appendFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const TEST_ROOT = join(__dirname, '..');

/**
 * The groups `npm test` runs (test/groups/<name>.group.ts): each is the test files whose paths
 * (relative to test/) start with one of its prefixes; a file belongs to the group whose prefix names
 * it most precisely (the longest), so `jobs` takes the contract's job, tool and workflow files from
 * `contract`. Every test file belongs to exactly one group (test/unit/test-groups.test.ts). CI runs
 * the groups in lanes side by side (.ci/run); the split keeps the lanes about even.
 */
export const TEST_GROUPS = {
  unit: ['unit/', 'db/'],
  contract: ['contract/'],
  jobs: ['contract/job', 'contract/tools', 'contract/workflows'],
  depot: ['depot/'],
  graphql: ['graphql/'],
  // The browser flows are two groups, for two of CI's lanes: the history panel's, the histories', the
  // libraries', the selection's, the collections' and the charts' flows in `browser-history`, the other
  // screens' here. (`npm test -- <name>` matches group files by name: no group's name is part of another's.)
  'browser-screens': ['browser/'],
  'browser-history': ['browser/web-h', 'browser/web-l', 'browser/web-s', 'browser/web-c'],
  operations: ['operations/'],
  importer: ['importer/'],
} as const satisfies Record<string, readonly string[]>;

export type TestGroupName = keyof typeof TEST_GROUPS;

/**
 * Directories run on the default (embedded) database only, not again on a server given by
 * TEST_DATABASE_URL (that run would repeat them unchanged): `unit` touches no database; `browser`
 * drives the web UI through the graph, whose database behaviour the other groups check on both.
 */
export const EMBEDDED_RUN_ONLY = ['unit', 'browser'] as const;

/** Every `*.test.ts` file below a directory of test/, sorted, as paths relative to test/. */
export function testFilesUnder(directory: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.test.ts')) found.push(relative(TEST_ROOT, path));
    }
  };
  walk(join(TEST_ROOT, directory));
  return found;
}

/** The group whose prefix names the file most precisely, if any. */
function groupOf(file: string): TestGroupName | undefined {
  let best: { group: TestGroupName; length: number } | undefined;
  for (const [group, prefixes] of Object.entries(TEST_GROUPS) as Array<[TestGroupName, readonly string[]]>) {
    for (const prefix of prefixes) if (file.startsWith(prefix) && prefix.length > (best?.length ?? 0)) best = { group, length: prefix.length };
  }
  return best?.group;
}

/** The test files of a group. */
export function testFilesOf(group: TestGroupName): string[] {
  const directories = new Set(TEST_GROUPS[group].map((prefix) => prefix.split('/')[0]));
  return [...directories].flatMap((directory) => testFilesUnder(directory)).filter((file) => groupOf(file) === group);
}

/**
 * Runs a group's test files inside the calling one: each in a describe block named after the file,
 * so that its hooks (a platform started in beforeAll, closed in afterAll) stay its own, while the
 * modules they load are loaded once for the group.
 */
export function runTestGroup(group: TestGroupName): void {
  const onGivenServer = process.env.TEST_DATABASE_KIND !== 'embedded';
  for (const file of testFilesOf(group)) {
    if (onGivenServer && EMBEDDED_RUN_ONLY.some((directory) => file.startsWith(`${directory}/`))) continue;
    describe(file, () => {
      const started = recordFileTime(file);
      // A test file is a script of describe blocks, loaded for its effect.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(join(TEST_ROOT, file));
      started.end();
    });
  }
}

/**
 * With TEST_FILE_TIMES=<file>, each test file's wall time (its hooks included) is appended to that
 * file as `<seconds>\t<test file>`: CI prints the slowest. The hooks are registered around the
 * file's own, so they run first and last.
 */
function recordFileTime(file: string): { end(): void } {
  const output = process.env.TEST_FILE_TIMES;
  if (!output) return { end: () => undefined };
  let startedAt = 0;
  beforeAll(() => {
    startedAt = Date.now();
  });
  return {
    end: () =>
      afterAll(() => {
        appendFileSync(output, `${((Date.now() - startedAt) / 1000).toFixed(1)}\t${file}\n`);
      }),
  };
}
