import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let groupId: string;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  const group = await h.api.post('/api/groups').send({ key: h.admin.key, name: 'lab', user_ids: [bob.id] });
  groupId = group.body[0].id;
});
afterAll(() => h.close());

const unknownId = 'f7bb1edd6b95db62';
const GB = 1024 ** 3;

async function createQuota(fields: Record<string, unknown>) {
  const res = await h.api.post('/api/quotas').send({ key: h.admin.key, description: 'a quota', operation: '=', ...fields });
  expect(res.status).toBe(200);
  return res.body as { id: string; name: string; message: string };
}

const show = (id: string, deleted = false) => h.api.get(deleted ? `/api/quotas/deleted/${id}` : `/api/quotas/${id}`).query({ key: h.admin.key });

describe('POST /api/quotas', () => {
  it('creates a quota for users and groups given by id, email or name, with url and message', async () => {
    const res = await h.api
      .post('/api/quotas')
      .send({ key: h.admin.key, name: 'big', description: 'Big users', amount: '10 GB', operation: '=', in_users: [alice.email], in_groups: ['lab'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      model_class: 'Quota',
      id: res.body.id,
      name: 'big',
      url: `/api/quotas/${res.body.id}`,
      message: "Quota 'big' has been created with 1 associated users and 1 associated groups.",
    });
    const element = await show(res.body.id);
    expect(element.body).toEqual({
      model_class: 'Quota',
      id: res.body.id,
      name: 'big',
      description: 'Big users',
      bytes: 10 * GB,
      operation: '=',
      display_amount: '10.0 GB',
      default: [],
      users: [
        {
          model_class: 'UserQuotaAssociation',
          user: { model_class: 'User', id: alice.id, email: alice.email, username: 'alice', total_disk_usage: 0, nice_total_disk_usage: '0 bytes' },
        },
      ],
      groups: [{ model_class: 'GroupQuotaAssociation', group: { model_class: 'Group', id: groupId, name: 'lab' } }],
    });
  });

  it('accepts a form post with comma-separated in_users of encoded ids', async () => {
    const res = await h.api.post('/api/quotas').type('form').send({ key: h.admin.key, name: 'form', description: 'd', amount: '100k', operation: '+', in_users: `${alice.id},${bob.id}` });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Quota 'form' has been created with 2 associated users and 0 associated groups.");
    expect((await show(res.body.id)).body.bytes).toBe(102400);
  });

  it('creates default quotas, which take no users or groups (the message counts those given, as on the platform)', async () => {
    const created = await createQuota({ name: 'registered-default', amount: '1 GB', default: 'registered', in_users: [alice.id] });
    expect(created.message).toBe("Quota 'registered-default' has been created with 1 associated users and 0 associated groups.");
    const element = await show(created.id);
    expect(element.body.default).toEqual([{ model_class: 'DefaultQuotaAssociation', type: 'registered' }]);
    expect(element.body.users).toEqual([]);
    await h.api.put(`/api/quotas/${created.id}`).send({ key: h.admin.key, default: 'no' });
  });

  it.each([
    [{ name: '', amount: '1 GB' }, 'Enter a valid name and a description.'],
    [{ name: 'big', amount: '1 GB' }, 'Quota names must be unique and a quota with that name already exists, so choose another name.'],
    [{ name: 'n1', amount: '' }, 'Enter a valid quota amount.'],
    [{ name: 'n2', amount: 'lots' }, 'Unable to parse the provided amount.'],
    [{ name: 'n3', amount: '1 GB', operation: '*' }, 'Enter a valid operation.'],
    [{ name: 'n4', amount: '1 GB', default: 'everyone' }, 'Enter a valid default type.'],
    [{ name: 'n5', amount: '1 GB', default: 'registered', operation: '+' }, "Operation for a default quota must be '='."],
    [{ name: 'n6', amount: 'unlimited', operation: '-' }, "Operation for an unlimited quota must be '='."],
    [
      { name: 'n7', amount: '1 GB', in_users: ['nobody@example.org'], in_groups: ['no-such-group'] },
      'The following value(s) for associated users and/or groups could not be parsed: nobody@example.org, no-such-group.  Valid values are email addresses of users, names of groups, or IDs of both.',
    ],
  ])('answers 400 for %j: %s', async (fields, message) => {
    const res = await h.api.post('/api/quotas').send({ key: h.admin.key, description: 'd', operation: '=', ...fields });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ err_msg: message, err_code: 400008 });
  });

  it('is for administrators only', async () => {
    const res = await h.api.post('/api/quotas').send({ key: alice.key, name: 'mine', description: 'd', amount: '1 GB' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ err_msg: 'You must be an administrator to access this feature.', err_code: 403006 });
    expect((await h.api.post('/api/quotas').send({ name: 'x' })).status).toBe(403);
  });
});

describe('GET /api/quotas and /api/quotas/deleted', () => {
  it('lists active quotas with url, and deleted ones with the deleted url', async () => {
    const active = await createQuota({ name: 'active', amount: '1 MB' });
    const gone = await createQuota({ name: 'gone', amount: '1 MB' });
    await h.api.delete(`/api/quotas/${gone.id}`).query({ key: h.admin.key });
    const list = await h.api.get('/api/quotas').query({ key: h.admin.key });
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual({ model_class: 'Quota', id: active.id, name: 'active', url: `/api/quotas/${active.id}` });
    expect(list.body.map((q: { name: string }) => q.name)).not.toContain('gone');
    const deleted = await h.api.get('/api/quotas/deleted').query({ key: h.admin.key });
    expect(deleted.body).toEqual([{ model_class: 'Quota', id: gone.id, name: 'gone', url: `/api/quotas/deleted/${gone.id}` }]);
    const viaFlag = await h.api.get('/api/quotas').query({ key: h.admin.key, deleted: 'true' });
    expect(viaFlag.body).toEqual(deleted.body);
  });

  it('is for administrators only', async () => {
    expect((await h.api.get('/api/quotas').query({ key: alice.key })).status).toBe(403);
    expect((await h.api.get('/api/quotas/deleted').query({ key: alice.key })).status).toBe(403);
    expect((await h.api.get('/api/quotas')).status).toBe(403);
  });
});

describe('GET /api/quotas/{id} and /api/quotas/deleted/{id}', () => {
  it('answers MalformedId, or 400 for unknown ids and for the wrong deleted state', async () => {
    const malformed = await show('qq');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ err_msg: 'Malformed Quota id ( qq ) specified, unable to decode', err_code: 400009, id: 'qq' });
    const unknown = await show(unknownId);
    expect(unknown.status).toBe(400);
    expect(unknown.body.err_msg).toBe(`Invalid Quota id ( ${unknownId} ) specified`);
    const active = await createQuota({ name: 'not-deleted', amount: '1 MB' });
    const wrongState = await show(active.id, true);
    expect(wrongState.status).toBe(400);
    expect(wrongState.body.err_msg).toBe(`Invalid Quota id ( ${active.id} ) specified: Quota "not-deleted" is not deleted`);
  });

  it('is for administrators only', async () => {
    const quota = await createQuota({ name: 'private-quota', amount: '1 MB' });
    expect((await h.api.get(`/api/quotas/${quota.id}`).query({ key: bob.key })).status).toBe(403);
    expect((await h.api.get(`/api/quotas/deleted/${quota.id}`).query({ key: bob.key })).status).toBe(403);
  });
});

describe('PUT /api/quotas/{id}', () => {
  it("applies rename, amount, default and members in order and joins their messages with '; '", async () => {
    const quota = await createQuota({ name: 'editable', amount: '1 GB' });
    const res = await h.api.put(`/api/quotas/${quota.id}`).send({ key: h.admin.key, name: 'edited', description: 'new text', amount: '2 GB', operation: '+', in_users: [bob.email] });
    expect(res.status).toBe(200);
    expect(res.body).toBe(
      "Quota 'editable' has been renamed to 'edited'; Quota 'edited' is now '+2.0 GB'; Quota 'edited' has been updated with 1 associated users and 0 associated groups",
    );
    const element = await show(quota.id);
    expect(element.body).toEqual(expect.objectContaining({ name: 'edited', description: 'new text', bytes: 2 * GB, operation: '+' }));
    expect(element.body.users.map((u: { user: { id: string } }) => u.user.id)).toEqual([bob.id]);
  });

  it('sets and unsets the default', async () => {
    const quota = await createQuota({ name: 'maybe-default', amount: '1 GB' });
    const set = await h.api.put(`/api/quotas/${quota.id}`).send({ key: h.admin.key, default: 'unregistered' });
    expect(set.body).toBe("Quota 'maybe-default' is now the default for unregistered users");
    const unset = await h.api.put(`/api/quotas/${quota.id}`).send({ key: h.admin.key, default: 'no' });
    expect(unset.body).toBe("Quota 'maybe-default' is no longer the default for unregistered users.");
    const again = await h.api.put(`/api/quotas/${quota.id}`).send({ key: h.admin.key, default: 'no' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ err_msg: "Quota 'maybe-default' is not a default.", err_code: 400008 });
  });

  it('changes nothing when a later step fails', async () => {
    const quota = await createQuota({ name: 'atomic', amount: '1 GB' });
    const res = await h.api.put(`/api/quotas/${quota.id}`).send({ key: h.admin.key, name: 'renamed-atomic', amount: 'lots' });
    expect(res.status).toBe(400);
    expect(res.body.err_msg).toBe('Unable to parse the provided amount');
    expect((await show(quota.id)).body.name).toBe('atomic');
  });

  it('answers 400 for unknown members, MalformedId for a malformed id, and refuses non-administrators', async () => {
    const quota = await createQuota({ name: 'members-check', amount: '1 GB' });
    const bad = await h.api.put(`/api/quotas/${quota.id}`).send({ key: h.admin.key, in_users: ['ghost@example.org'] });
    expect(bad.status).toBe(400);
    expect((await h.api.put('/api/quotas/zz').send({ key: h.admin.key, name: 'x' })).body.err_code).toBe(400009);
    expect((await h.api.put(`/api/quotas/${quota.id}`).send({ key: alice.key, name: 'x' })).status).toBe(403);
  });
});

describe('DELETE /api/quotas/{id} and POST /api/quotas/deleted/{id}/undelete', () => {
  it('deletes, purges and undeletes with the platform messages', async () => {
    const quota = await createQuota({ name: 'temporary', amount: '1 GB', in_users: [alice.id] });
    const purged = await h.api.delete(`/api/quotas/${quota.id}`).query({ key: h.admin.key }).send({ purge: true });
    expect(purged.status).toBe(200);
    expect(purged.body).toBe('Deleted 1 quotas: temporaryPurged 1 quotas: temporary');
    expect((await show(quota.id, true)).body.users).toEqual([]);
    const undeleted = await h.api.post(`/api/quotas/deleted/${quota.id}/undelete`).query({ key: h.admin.key });
    expect(undeleted.body).toBe('Undeleted 1 quotas: temporary');
    const deleted = await h.api.delete(`/api/quotas/${quota.id}`).query({ key: h.admin.key });
    expect(deleted.body).toBe('Deleted 1 quotas: temporary');
  });

  it('accepts purge inside a payload object', async () => {
    const quota = await createQuota({ name: 'payload-purge', amount: '1 GB' });
    const res = await h.api.delete(`/api/quotas/${quota.id}`).send({ key: h.admin.key, payload: { purge: 'true' } });
    expect(res.body).toBe('Deleted 1 quotas: payload-purgePurged 1 quotas: payload-purge');
  });

  it('refuses to delete a default quota, and to undelete an active one', async () => {
    const quota = await createQuota({ name: 'the-default', amount: '1 GB', default: 'registered' });
    const res = await h.api.delete(`/api/quotas/${quota.id}`).query({ key: h.admin.key });
    expect(res.status).toBe(400);
    expect(res.body.err_msg).toBe("Quota 'the-default' is a default, please unset it as a default before deleting it");
    const undelete = await h.api.post(`/api/quotas/deleted/${quota.id}/undelete`).query({ key: h.admin.key });
    expect(undelete.status).toBe(400);
    await h.api.put(`/api/quotas/${quota.id}`).send({ key: h.admin.key, default: 'no' });
  });

  it('is for administrators only and checks ids', async () => {
    const quota = await createQuota({ name: 'guarded', amount: '1 GB' });
    expect((await h.api.delete(`/api/quotas/${quota.id}`).query({ key: alice.key })).status).toBe(403);
    expect((await h.api.post(`/api/quotas/deleted/${quota.id}/undelete`).query({ key: alice.key })).status).toBe(403);
    expect((await h.api.delete('/api/quotas/bad-id').query({ key: h.admin.key })).body.err_code).toBe(400009);
    expect((await h.api.post(`/api/quotas/deleted/${unknownId}/undelete`).query({ key: h.admin.key })).status).toBe(400);
  });
});

describe('effective quota and quota_percent', () => {
  it("uses the largest '=' quota, adds '+' and subtracts '-', else the registered default", async () => {
    const carol = await h.newUser('carol');
    const percentOf = async () => (await h.api.get('/api/users/current').query({ key: carol.key })).body.quota_percent;
    expect(await percentOf()).toBeNull();
    const def = await createQuota({ name: 'carol-default', amount: '0', default: 'registered' });
    expect(await percentOf()).toBe(100);
    await createQuota({ name: 'carol-plus', amount: '1 GB', operation: '+', in_users: [carol.email] });
    expect(await percentOf()).toBe(0);
    await createQuota({ name: 'carol-unlimited', amount: 'unlimited', in_users: [carol.email] });
    expect(await percentOf()).toBeNull();
    await h.api.put(`/api/quotas/${def.id}`).send({ key: h.admin.key, default: 'no' });
  });
});
