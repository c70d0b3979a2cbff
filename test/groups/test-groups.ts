import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const TEST_ROOT = join(__dirname, '..');

/**
 * The groups `npm test` runs (test/groups/<name>.group.ts): each is the test files below some
 * directories of test/. Every test file belongs to exactly one group (test/unit/test-groups.test.ts).
 */
export const TEST_GROUPS = {
  unit: ['unit', 'db'],
  contract: ['contract'],
  depot: ['depot'],
  graphql: ['graphql', 'browser'],
  operations: ['operations', 'importer'],
} as const satisfies Record<string, readonly string[]>;

export type TestGroupName = keyof typeof TEST_GROUPS;

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

/** The test files of a group. */
export function testFilesOf(group: TestGroupName): string[] {
  return TEST_GROUPS[group].flatMap((directory) => testFilesUnder(directory));
}

/**
 * Runs a group's test files inside the calling one: each in a describe block named after the file,
 * so that its hooks (a platform started in beforeAll, closed in afterAll) stay its own, while the
 * modules they load are loaded once for the group.
 */
export function runTestGroup(group: TestGroupName): void {
  for (const file of testFilesOf(group)) {
    describe(file, () => {
      // A test file is a script of describe blocks, loaded for its effect.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(join(TEST_ROOT, file));
    });
  }
}
