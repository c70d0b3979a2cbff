import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_GROUPS, type TestGroupName, testFilesOf, testFilesUnder } from '../groups/test-groups';

const TEST_ROOT = join(__dirname, '..');

describe('npm test runs every test file, in exactly one group', () => {
  it('has a group file for every group', () => {
    for (const group of Object.keys(TEST_GROUPS)) expect(existsSync(join(TEST_ROOT, 'groups', `${group}.group.ts`))).toBe(true);
    const groupFiles = readdirSync(join(TEST_ROOT, 'groups')).filter((name) => name.endsWith('.group.ts'));
    expect(groupFiles.sort()).toEqual(Object.keys(TEST_GROUPS).map((group) => `${group}.group.ts`).sort());
  });

  it('puts each test file below test/ in one group', () => {
    const everyFile = readdirSync(TEST_ROOT).filter((name) => name !== 'groups' && name !== 'support').flatMap((name) => (statSync(join(TEST_ROOT, name)).isDirectory() ? testFilesUnder(name) : name.endsWith('.test.ts') ? [name] : []));
    const grouped = (Object.keys(TEST_GROUPS) as TestGroupName[]).flatMap((group) => testFilesOf(group));
    expect(grouped.length).toBe(new Set(grouped).size);
    expect([...grouped].sort()).toEqual([...everyFile].sort());
    expect(grouped).toContain('unit/test-groups.test.ts');
  });

  it("names no group inside another's name (`npm test -- <name>` is a pattern on the group files' paths)", () => {
    const names = Object.keys(TEST_GROUPS);
    for (const name of names) expect(names.filter((other) => other !== name && other.includes(name))).toEqual([]);
  });
});
