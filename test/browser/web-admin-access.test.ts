import type { Page } from 'playwright-core';
import { addDataset, createLibrary } from '../support/library-helpers';
import { patient } from '../support/patience';
import type { TestUser } from '../support/test-platform';
import { seriousViolations } from './axe-audit';
import { describeInBrowser, PHONE, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';

/**
 * The administration's Roles, Groups and Quotas, and permissions in the library browser (issue 36,
 * items 2 and 3): an administrator makes a role and a group with a user in both (pickers), gives the
 * user a quota they then see, restricts a library dataset to the role, and only the role's member may
 * import it; each action is on the audit log; every screen passes axe at 1280 and 390.
 */
let ui: WebUiHarness;
let ursula: TestUser;
let victor: TestUser;
let datasetPath: string;

/** Picks an item in a searchable picker: types a fragment, then adds the match. */
async function pick(page: Page, scope: ReturnType<Page['getByRole']>, find: string, fragment: string, label: string): Promise<void> {
  await scope.getByLabel(find, { exact: true }).fill(fragment);
  await scope.getByRole('button', { name: `Add ${label}`, exact: true }).click();
  await scope.getByRole('list', { name: find.replace(/^Find/, 'Chosen') }).getByText(label, { exact: true }).waitFor();
}

describeInBrowser('the administration of roles, groups, quotas and permissions', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
    ursula = await ui.h.newUser('ursula');
    victor = await ui.h.newUser('victor');
    const library = await createLibrary(ui.h, 'Sequencing runs');
    const dataset = await addDataset(ui.h, library.root_folder_id, 'run-42.txt', 'ACGT\n');
    datasetPath = `/libraries/${library.id}/datasets/${dataset.id}`;
  }, patient(180_000));
  afterAll(() => ui?.close());

  it('an administrator creates a role and a group with a user in both, a quota the user sees, restricts a dataset to the role; only its member imports it; all on the audit log', async () => {
    const violations: string[] = [];
    const screens: Array<{ name: string; path: string }> = [];
    const { page, consoleErrors, screenshot } = await ui.newPage();
    const audit = async (name: string) => {
      screens.push({ name, path: page.url().replace(/^https?:\/\/[^/]+/, '') });
      violations.push(...(await seriousViolations(page, `${name} 1280`)));
      await screenshot(`admin-access-${name}`);
    };
    await signIn(page, ui.h.admin);

    // Roles: create one with ursula as its user.
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Roles' }).click();
    await page.getByRole('heading', { level: 1, name: 'Roles' }).waitFor();
    const newRole = page.getByRole('form', { name: 'Create new role' });
    await newRole.getByLabel('Name', { exact: true }).fill('sequencing core');
    await newRole.getByLabel('Description', { exact: true }).fill('the sequencing staff');
    await pick(page, newRole, 'Find users', 'ursula@', ursula.email);
    await audit('roles');
    await newRole.getByRole('button', { name: 'Create role' }).click();
    await page.getByRole('heading', { level: 1, name: 'Role sequencing core' }).waitFor();
    await page.getByRole('list', { name: 'Chosen users' }).getByText(ursula.email).waitFor();
    await audit('role');

    // Groups: create one with ursula and the role.
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Groups' }).click();
    await page.getByRole('heading', { level: 1, name: 'Groups' }).waitFor();
    const newGroup = page.getByRole('form', { name: 'Create new group' });
    await newGroup.getByLabel('Name', { exact: true }).fill('core staff');
    await pick(page, newGroup, 'Find users', 'ursula', ursula.email);
    await pick(page, newGroup, 'Find roles', 'sequencing', 'sequencing core');
    await audit('groups');
    await newGroup.getByRole('button', { name: 'Create group' }).click();
    await page.getByRole('heading', { level: 1, name: 'Group core staff' }).waitFor();
    await page.getByRole('list', { name: 'Chosen roles' }).getByText('sequencing core').waitFor();
    await audit('group');
    // Delete, purge after saying what purging removes, undelete (ursula holds the role in her own name too).
    await page.getByRole('button', { name: 'Delete group' }).click();
    await page.getByText('This group is deleted.').waitFor();
    await page.getByRole('button', { name: 'Purge group' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Purge group core staff' });
    await confirm.getByText("Purging takes the group's 1 users, 1 roles and 0 quotas from it.").waitFor();
    violations.push(...(await seriousViolations(page, 'group purge confirmation 1280')));
    await confirm.getByRole('button', { name: 'Purge group core staff' }).click();
    await page.getByRole('list', { name: 'Chosen users' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Undelete group' }).click();
    await page.getByRole('button', { name: 'Delete group' }).waitFor();

    // Quotas: 10 GB for ursula.
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Quotas' }).click();
    await page.getByRole('heading', { level: 1, name: 'Quotas' }).waitFor();
    const newQuota = page.getByRole('form', { name: 'Create new quota' });
    await newQuota.getByLabel('Name', { exact: true }).fill('core tier');
    await newQuota.getByLabel('Description', { exact: true }).fill('for the sequencing core');
    await newQuota.getByLabel('Amount', { exact: true }).fill('10 GB');
    await newQuota.getByLabel('Operation', { exact: true }).selectOption('=');
    await pick(page, newQuota, 'Find users', 'ursula', ursula.email);
    await audit('quotas');
    await newQuota.getByRole('button', { name: 'Create quota' }).click();
    await page.getByRole('heading', { level: 1, name: 'Quota core tier' }).waitFor();
    await audit('quota');

    // The library dataset, restricted to the role.
    await page.goto(datasetPath);
    await page.getByRole('heading', { level: 1, name: 'run-42.txt' }).waitFor();
    await page.getByText('Permissions', { exact: true }).click();
    const permissions = page.getByRole('form', { name: 'Permissions of the dataset' });
    await pick(page, permissions, 'Find roles that may access the dataset', 'sequencing', 'sequencing core');
    await permissions.getByRole('button', { name: 'Save permissions' }).click();
    await permissions.getByRole('status').filter({ hasText: 'Permissions have been saved.' }).waitFor();
    await audit('dataset-permissions');

    // A user's default permissions.
    await page.goto(`/admin/users/${ursula.id}/permissions`);
    await page.getByRole('heading', { level: 2, name: `Default dataset permissions of ${ursula.email}` }).waitFor();
    await page.getByRole('form', { name: 'Default dataset permissions' }).waitFor();
    await audit('default-permissions');

    // Each action on the audit log.
    await page.goto('/admin/audit-log');
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    for (const [action, target] of [['role.create', 'sequencing core'], ['group.create', 'core staff'], ['group.purge', 'core staff'], ['quota.create', ''], ['library_dataset.permissions', '']]) {
      await page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: action }) }).filter({ hasText: target }).first().waitFor();
    }
    await screenshot('admin-access-audit-log');
    expect(consoleErrors).toEqual([]);
    await page.close();

    // The same screens on a phone.
    const phone = await ui.newPage(PHONE);
    await signIn(phone.page, ui.h.admin);
    for (const { name, path } of screens) {
      await phone.page.goto(path);
      await phone.page.getByRole('heading', { level: 1 }).first().waitFor();
      if (path === datasetPath) {
        await phone.page.getByText('Permissions', { exact: true }).click();
        await phone.page.getByRole('form', { name: 'Permissions of the dataset' }).getByText('sequencing core').waitFor();
      } else {
        await phone.page.getByRole('status').filter({ hasText: 'Loading' }).waitFor({ state: 'detached' });
      }
      violations.push(...(await seriousViolations(phone.page, `${name} 390`)));
      await phone.screenshot(`admin-access-${name}-phone`);
    }
    expect(phone.consoleErrors).toEqual([]);
    await phone.page.close();
    expect(violations).toEqual([]);

    // Ursula sees her quota, and imports the dataset: she holds the role.
    const member = await ui.newPage();
    await signIn(member.page, ursula);
    await member.page.goto('/user');
    await member.page.getByText('10.0 GB (0% used)').waitFor();
    await member.page.goto(datasetPath);
    await member.page.getByRole('button', { name: 'Import run-42.txt into the current history' }).click();
    await member.page.getByRole('status').filter({ hasText: 'Imported as' }).waitFor();
    await member.screenshot('admin-access-member-imports');
    expect(member.consoleErrors).toEqual([]);
    await member.page.close();

    // Victor does not hold it: the dataset is not his to open or import.
    const other = await ui.newPage();
    await signIn(other.page, victor);
    await other.page.goto(datasetPath);
    await other.page.getByRole('alert').first().waitFor();
    expect(await other.page.getByRole('button', { name: 'Import run-42.txt into the current history' }).count()).toBe(0);
    await other.screenshot('admin-access-other-refused');
    await other.page.close();
    // Nor through the graph, whatever the UI offers.
    const history = await ui.h.api.post('/api/histories').set('x-api-key', victor.key).send({ name: 'attempt' });
    const refused = await ui.h.api
      .post('/graphql')
      .set('x-api-key', victor.key)
      .send({
        query: 'mutation ($history: ID!, $content: ID!) { copyDataset(historyId: $history, source: "library", content: $content) { hid } }',
        variables: { history: history.body.id, content: datasetPath.split('/').pop() },
      });
    expect(refused.body.errors?.length ?? 0).toBeGreaterThan(0);
    expect(refused.body.data ?? null).toBeNull();
  }, patient(120_000));
});
