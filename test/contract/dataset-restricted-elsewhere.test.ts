import {
  CASES,
  caseTitle,
  expectNoMarker,
  INACCESSIBLE_KEYS,
  jobOnLaterPrivateInput,
  type LaterPrivateInput,
  MARKERS,
  type RestrictedWorld,
  restrictedWorld,
} from '../support/restricted-datasets';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

/**
 * A dataset made private or restricted to roles, where it appears besides its history's listings:
 * a collection's elements and the datasets a job read. Those who may not read it are shown its place
 * only (the platform's `inaccessible` view), or its id; deliberate difference from 15.05, which
 * described it in full there to anyone who could reach the collection or the job.
 */
let h: TestPlatform;
let world: RestrictedWorld;
let job: LaterPrivateInput;

type Dict = Record<string, unknown>;

beforeAll(async () => {
  h = await startTestPlatform();
  world = await restrictedWorld(h);
  job = await jobOnLaterPrivateInput(h, world);
});
afterAll(() => h.close());

const query = (key: string | undefined) => (key ? { key } : {});

describe("GET /api/histories/{id}/contents/dataset_collections/{id} and GET /api/dataset_collections/{id}: an element's dataset the caller may not read is the inaccessible view", () => {
  it.each(CASES.map((c) => [caseTitle(c), c] as const))('%s', async (_title, c) => {
    const where = world.places[c.place];
    const key = world.keyOf(c.caller);
    // (By id alone, a collection keeps its history's published/link rule: a history only shared is refused there, as before.)
    const paths = [`/api/histories/${where.historyId}/contents/dataset_collections/${where.collectionId}`, ...(c.place === 'published' ? [`/api/dataset_collections/${where.collectionId}`] : [])];
    for (const path of paths) {
      const res = await h.api.get(path).query(query(key));
      expect(res.status).toBe(200);
      const elements = res.body.elements as Array<{ element_identifier: string; object: Dict }>;
      expect(elements.map((element) => element.element_identifier)).toEqual(['open', 'private', 'restricted']);
      const object = elements.find((element) => element.element_identifier === c.dataset)?.object as Dict;
      if (c.sees === 'inaccessible') {
        expect(Object.keys(object).sort()).toEqual(['hda_ldda', 'model_class', ...INACCESSIBLE_KEYS].sort());
        expect(object).toMatchObject({ id: world.idOf(c.place, c.dataset), model_class: 'HistoryDatasetAssociation', accessible: false, name: `${c.dataset} data`, state: 'ok' });
        expectNoMarker(res.body, c.dataset);
      } else {
        expect(object).toMatchObject({ id: world.idOf(c.place, c.dataset), peek: expect.stringMatching(MARKERS[c.dataset]), uuid: expect.any(String) });
      }
      // The open element is described in full to everyone.
      expect(elements[0].object).toMatchObject({ peek: expect.stringContaining('open') });
    }
  });
});

describe('GET /api/jobs/{id}, /inputs and /outputs name a job input the caller may no longer read by its id only', () => {
  it("answers Bob his job's input and output as references, as the platform's job view does", async () => {
    const shown = await h.api.get(`/api/jobs/${job.jobId}`).query({ key: world.bob.key });
    expect(shown.status).toBe(200);
    expect(shown.body.inputs).toEqual({ input1: { id: job.inputId, src: 'hda' } });
    expect(shown.body.outputs).toEqual({ out_file1: { id: job.outputId, src: 'hda' } });
    const inputs = await h.api.get(`/api/jobs/${job.jobId}/inputs`).query({ key: world.bob.key });
    expect(inputs.body).toEqual([{ name: 'input1', dataset: { id: job.inputId, src: 'hda' } }]);
    const outputs = await h.api.get(`/api/jobs/${job.jobId}/outputs`).query({ key: world.bob.key });
    expect(outputs.body).toEqual([{ name: 'out_file1', dataset: { id: job.outputId, src: 'hda' } }]);
    // The input itself stays refused to him.
    expect((await h.api.get(`/api/datasets/${job.inputId}`).query({ key: world.bob.key })).status).toBe(403);
  });

  it('refuses the job to other users (only its owner and administrators see it)', async () => {
    expect((await h.api.get(`/api/jobs/${job.jobId}`).query({ key: world.carol.key })).status).toBe(404);
  });
});

describe('GET /api/histories/{id}/contents/{id}/provenance names an input the caller may not read by its id only (deliberate difference from 15.05)', () => {
  const provenance = (key: string, follow: boolean) =>
    h.api.get(`/api/histories/${job.bobHistoryId}/contents/${job.outputId}/provenance`).query({ key, ...(follow ? { follow: 'true' } : {}) });

  it("shows Bob his output's provenance with the private input as {id, uuid: null}, not followed", async () => {
    for (const follow of [false, true]) {
      const res = await provenance(world.bob.key, follow);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: job.outputId, tool_id: 'cat1' });
      expect(res.body.parameters.input1).toEqual({ id: job.inputId, uuid: null });
    }
  });

  it("shows the input's owner and administrators the input with its uuid, and followed, its own provenance", async () => {
    for (const key of [world.alice.key, h.admin.key]) {
      const plain = await provenance(key, false);
      expect(plain.status).toBe(200);
      expect(plain.body.parameters.input1).toEqual({ id: job.inputId, uuid: expect.any(String) });
      const followed = await provenance(key, true);
      expect(followed.body.parameters.input1).toMatchObject({ id: job.inputId, uuid: expect.any(String), tool_id: 'upload1' });
    }
  });
});
