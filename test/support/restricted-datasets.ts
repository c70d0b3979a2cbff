import { createCollection, createHistory, runTool, uploadText, waitForJob } from './data-helpers';
import { createRole } from './library-helpers';
import type { TestPlatform, TestUser } from './test-platform';

/**
 * The fixture of the restricted-dataset tests: Alice's datasets made private or restricted to roles,
 * in a published history and in a history shared with users, and who sees what of them.
 *
 * - `published`: published, and shared with Carol; `shared`: shared with Carol, Dave and Erin only.
 * - In each: `open` (no access roles), `private` (`make_private`: Alice's private role; tagged and
 *   annotated), `restricted` (access roles team and lab: Dave holds team only, Erin both), and a list
 *   collection of the three.
 * - Their contents, tags and annotation carry markers (`PRIVATE-MARKER`, `RESTRICTED-MARKER`) that
 *   nothing shown to a caller who may not read them may contain; their names do not.
 */

type Dict = Record<string, unknown>;

export type CallerName = 'anonymous' | 'another user' | 'a user it is shared with' | 'a role holder lacking its roles' | 'a holder of all its roles' | 'the owner' | 'an administrator';
export type PlaceName = 'published' | 'shared';
export type RestrictedName = 'private' | 'restricted';

export interface Place {
  historyId: string;
  openId: string;
  privateId: string;
  restrictedId: string;
  collectionId: string;
}

export interface RestrictedWorld {
  alice: TestUser;
  bob: TestUser;
  carol: TestUser;
  dave: TestUser;
  erin: TestUser;
  places: Record<PlaceName, Place>;
  /** The key each caller sends (none for anonymous callers). */
  keyOf(caller: CallerName): string | undefined;
  idOf(place: PlaceName, dataset: RestrictedName): string;
}

/** Tab-separated with a header line: a peek, column names and metadata that would show the marker. */
const contentOf = (marker: string) => `#${marker}-gene\tcount\n${marker}-BRCA1\t42\n${marker}-TP53\t7\n`;

export const MARKERS: Record<RestrictedName, RegExp> = { private: /PRIVATE-MARKER/i, restricted: /RESTRICTED-MARKER/i };

async function ok(res: { status: number; body: unknown }, what: string): Promise<Dict> {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Dict;
}

async function dataset(h: TestPlatform, owner: TestUser, historyId: string, name: string, content: string): Promise<string> {
  const upload = await uploadText(h, owner.key, historyId, content, { fileType: 'tabular', name });
  const job = await waitForJob(h, owner.key, upload.jobId);
  if (job.state !== 'ok') throw new Error(`upload of ${name} ended ${String(job.state)}`);
  return upload.datasetId;
}

async function place(h: TestPlatform, alice: TestUser, name: string, roles: { team: string; lab: string }): Promise<Place> {
  const historyId = await createHistory(h, alice.key, name);
  const openId = await dataset(h, alice, historyId, 'open data', 'gene\tcount\nopen\t1\n');
  const privateId = await dataset(h, alice, historyId, 'private data', contentOf('PRIVATE-MARKER'));
  const restrictedId = await dataset(h, alice, historyId, 'restricted data', contentOf('RESTRICTED-MARKER'));
  await ok(
    await h.api
      .put(`/api/histories/${historyId}/contents/${privateId}`)
      .query({ key: alice.key })
      .send({ tags: ['name:private-marker-tag'], annotation: 'PRIVATE-MARKER annotation', misc_info: 'PRIVATE-MARKER info' }),
    'tags',
  );
  await ok(await h.api.put(`/api/datasets/${privateId}/permissions`).query({ key: alice.key }).send({ action: 'make_private' }), 'make_private');
  await ok(
    await h.api.put(`/api/datasets/${restrictedId}/permissions`).query({ key: alice.key }).send({ action: 'set_permissions', access_ids: [roles.team, roles.lab] }),
    'set_permissions',
  );
  const collectionId = await createCollection(h, alice.key, historyId, 'list', `${name} collection`, [
    { name: 'open', src: 'hda', id: openId },
    { name: 'private', src: 'hda', id: privateId },
    { name: 'restricted', src: 'hda', id: restrictedId },
  ]);
  return { historyId, openId, privateId, restrictedId, collectionId };
}

export async function restrictedWorld(h: TestPlatform): Promise<RestrictedWorld> {
  const [alice, bob, carol, dave, erin] = [await h.newUser('alice'), await h.newUser('bob'), await h.newUser('carol'), await h.newUser('dave'), await h.newUser('erin')];
  const team = await createRole(h, 'team', { users: [dave, erin] });
  const lab = await createRole(h, 'lab', { users: [erin] });
  const roles = { team: team.id, lab: lab.id };
  const published = await place(h, alice, 'published history', roles);
  await ok(await h.api.put(`/api/histories/${published.historyId}/publish`).query({ key: alice.key }), 'publish');
  await ok(await h.api.put(`/api/histories/${published.historyId}/share_with_users`).query({ key: alice.key }).send({ user_ids: [carol.id] }), 'share');
  const shared = await place(h, alice, 'shared history', roles);
  await ok(await h.api.put(`/api/histories/${shared.historyId}/share_with_users`).query({ key: alice.key }).send({ user_ids: [carol.id, dave.id, erin.id] }), 'share');
  const keys: Record<CallerName, string | undefined> = {
    anonymous: undefined,
    'another user': bob.key,
    'a user it is shared with': carol.key,
    'a role holder lacking its roles': dave.key,
    'a holder of all its roles': erin.key,
    'the owner': alice.key,
    'an administrator': h.admin.key,
  };
  const places = { published, shared };
  return {
    alice,
    bob,
    carol,
    dave,
    erin,
    places,
    keyOf: (caller) => keys[caller],
    idOf: (where, which) => (which === 'private' ? places[where].privateId : places[where].restrictedId),
  };
}

/** One caller reading one restricted dataset where it is listed, and what they must be shown. */
export interface Case {
  place: PlaceName;
  dataset: RestrictedName;
  caller: CallerName;
  sees: 'full' | 'inaccessible';
}

const INACCESSIBLE_TO: Record<PlaceName, Record<RestrictedName, CallerName[]>> = {
  // Anonymous callers and other users cannot list the shared history at all.
  published: {
    private: ['anonymous', 'another user', 'a user it is shared with', 'a role holder lacking its roles', 'a holder of all its roles'],
    restricted: ['anonymous', 'another user', 'a user it is shared with', 'a role holder lacking its roles'],
  },
  shared: {
    private: ['a user it is shared with', 'a role holder lacking its roles', 'a holder of all its roles'],
    restricted: ['a user it is shared with', 'a role holder lacking its roles'],
  },
};

const FULL_TO: Record<RestrictedName, CallerName[]> = {
  private: ['the owner', 'an administrator'],
  restricted: ['the owner', 'an administrator', 'a holder of all its roles'],
};

/** Every case: each restricted dataset of each place, to each caller who may list its history. */
export const CASES: Case[] = (['published', 'shared'] as const).flatMap((where) =>
  (['private', 'restricted'] as const).flatMap((which) => [
    ...INACCESSIBLE_TO[where][which].map((caller): Case => ({ place: where, dataset: which, caller, sees: 'inaccessible' })),
    ...FULL_TO[which].map((caller): Case => ({ place: where, dataset: which, caller, sees: 'full' })),
  ]),
);

/** A case's title: "the private dataset of the published history, to anonymous: inaccessible". */
export const caseTitle = (c: Case) => `the ${c.dataset} dataset of the ${c.place} history, to ${c.caller}: ${c.sees === 'full' ? 'in full' : 'the inaccessible view'}`;

/** The platform's `inaccessible` view, as every REST listing writes a dataset the caller may not read. */
export const INACCESSIBLE_KEYS = ['accessible', 'deleted', 'hid', 'history_content_type', 'history_id', 'id', 'name', 'state', 'visible'];

/** Nothing of the dataset's content (its marker) anywhere in what was shown. */
export function expectNoMarker(shown: unknown, which: RestrictedName): void {
  const text = JSON.stringify(shown);
  expect(text).not.toMatch(MARKERS[which]);
}

/** A job of Bob's whose input was Alice's dataset when it was public, made private since. */
export interface LaterPrivateInput {
  jobId: string;
  inputId: string;
  outputId: string;
  bobHistoryId: string;
}

/** Bob runs cat1 on Alice's public dataset of the published history; then Alice makes it private. */
export async function jobOnLaterPrivateInput(h: TestPlatform, world: RestrictedWorld): Promise<LaterPrivateInput> {
  const { alice, bob } = world;
  const inputId = await dataset(h, alice, world.places.published.historyId, 'later private data', contentOf('PRIVATE-MARKER'));
  const bobHistoryId = await createHistory(h, bob.key, "bob's work");
  const run = await runTool(h, bob.key, bobHistoryId, 'cat1', { input1: { src: 'hda', id: inputId } });
  const job = await waitForJob(h, bob.key, run.jobs[0].id);
  if (job.state !== 'ok') throw new Error(`cat1 ended ${String(job.state)}`);
  await ok(await h.api.put(`/api/datasets/${inputId}/permissions`).query({ key: alice.key }).send({ action: 'make_private' }), 'make_private');
  return { jobId: run.jobs[0].id, inputId, outputId: run.outputs[0].id, bobHistoryId };
}
