import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { createHistory, runTool, uploadText, waitForJob } from '../support/data-helpers';
import { binaryParser, decoded, expectError, jobKeyOf, sql } from '../support/job-helpers';

let h: TestPlatform;
let alice: TestUser;
let historyId: string;
/** A finished upload (its job is ok) used as the input of the running job. */
let input: { datasetId: string; jobId: string };
let inputPath: string;
/** A cat1 job held in 'running' by a (pretend) runner with a fresh heartbeat. */
let jobId: string;
let jobKey: string;
let outputPath: string;
let outputExtraDir: string;
let jobDir: string;

const filesUrl = (id = jobId) => `/api/jobs/${id}/files`;

async function adminFileName(datasetId: string): Promise<string> {
  const res = await h.api.get(`/api/datasets/${datasetId}`).query({ key: h.admin.key });
  return res.body.file_name as string;
}

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  historyId = await createHistory(h, alice.key);
  input = await uploadText(h, alice.key, historyId, 'input content\n', { fileType: 'txt' });
  await waitForJob(h, alice.key, input.jobId);
  inputPath = await adminFileName(input.datasetId);
  // Keep the new job away from the local worker: its input is not ready while it is queued.
  const datasetId = decoded(h, (await h.api.get(`/api/datasets/${input.datasetId}`).query({ key: alice.key })).body.dataset_id);
  await sql(h, "update dataset set state = 'queued' where id = ?", [datasetId]);
  const run = await runTool(h, alice.key, historyId, 'cat1', { input1: { src: 'hda', id: input.datasetId } });
  jobId = run.jobs[0].id;
  await sql(h, "update job set state = 'running', runner = 'remote', handler = 'remote:test', heartbeat_time = now() + interval '1 hour' where id = ?", [decoded(h, jobId)]);
  await sql(h, "update dataset set state = 'ok' where id = ?", [datasetId]);
  jobKey = jobKeyOf(h, jobId);
  outputPath = await adminFileName(run.outputs[0].id);
  outputExtraDir = outputPath.replace(/\.dat$/, '_files');
  jobDir = h.platform.services.layout.jobDirectory(decoded(h, jobId));
});
/** Files and directories a test made outside the platform's data directory. */
const outsideFiles: string[] = [];
afterAll(async () => {
  await h.close();
  for (const path of outsideFiles) rmSync(path, { recursive: true, force: true });
});

describe('job_key', () => {
  it('is the job id encoded with the jobs_files kind', () => {
    expect(h.platform.services.ids.encode(1, 'jobs_files')).toBe('b8f0f843385dfc76');
    expect(jobKey).not.toBe(jobId);
  });
});

describe('GET /api/jobs/{id}/files', () => {
  it('streams a file of the job (sessionless, no API key)', async () => {
    const res = await h.api.get(filesUrl()).query({ path: inputPath, job_key: jobKey }).buffer(true).parse(binaryParser);
    expect(res.status).toBe(200);
    expect((res.body as Buffer).toString('utf8')).toBe('input content\n');
    expect(res.headers['content-type']).toMatch(/^application\/json/); // the platform's header, raw bytes
    // Sandboxed as every answer of stored content (test/contract/dataset-display-safety.test.ts).
    expect([res.headers['x-content-type-options'], res.headers['content-security-policy']]).toEqual(['nosniff', 'sandbox']);
  });

  it('answers ObjectAttributeMissingException without path or job_key', async () => {
    const noPath = await h.api.get(filesUrl()).query({ job_key: jobKey });
    expectError(noPath, 400, 400005);
    expect(noPath.body.err_msg).toBe("Job files action requires a valid 'path'.");
    const noKey = await h.api.get(filesUrl()).query({ path: inputPath });
    expectError(noKey, 400, 400005);
    expect(noKey.body.err_msg).toBe("Job files action requires a valid 'job_key'.");
  });

  it('does not take a user API key in place of the job_key', async () => {
    expectError(await h.api.get(filesUrl()).query({ path: inputPath, key: alice.key }), 400, 400005);
    expectError(await h.api.get(filesUrl()).query({ path: inputPath, key: h.masterKey, job_key: alice.key }), 403, 403002);
  });

  it('answers ItemAccessibilityException for a wrong job_key', async () => {
    const res = await h.api.get(filesUrl()).query({ path: inputPath, job_key: jobId });
    expectError(res, 403, 403002);
    expect(res.body.err_msg).toBe('Invalid job_key supplied.');
    // the key of another job does not open this one
    expectError(await h.api.get(filesUrl()).query({ path: inputPath, job_key: jobKeyOf(h, input.jobId) }), 403, 403002);
  });

  it('answers ItemAccessibilityException for a finished job', async () => {
    const res = await h.api.get(filesUrl(input.jobId)).query({ path: inputPath, job_key: jobKeyOf(h, input.jobId) });
    expectError(res, 403, 403002);
    expect(res.body.err_msg).toBe('Attempting to read or modify the files of a job that has already completed.');
  });

  it('refuses to read outside the files of the job', async () => {
    expectError(await h.api.get(filesUrl()).query({ path: '/etc/passwd', job_key: jobKey }), 403, 403002);
    // whether the file exists or not, a path outside is refused the same way
    expectError(await h.api.get(filesUrl()).query({ path: `${jobDir}/../../../no-such-file`, job_key: jobKey }), 403, 403002);
    expectError(await h.api.get(filesUrl()).query({ path: `${jobDir}/../../../files/../../../etc/hostname`, job_key: jobKey }), 403, 403002);
  });

  it('answers ObjectNotFound for a missing file of the job', async () => {
    expectError(await h.api.get(filesUrl()).query({ path: `${jobDir}/working/never-written`, job_key: jobKey }), 404, 404001);
  });

  it('answers MalformedId for an undecodable job id and ObjectNotFound for an unknown job', async () => {
    expectError(await h.api.get(filesUrl('not-an-id')).query({ path: inputPath, job_key: jobKey }), 400, 400009);
    const unknown = h.platform.services.ids.encode(9999);
    expectError(await h.api.get(filesUrl(unknown)).query({ path: inputPath, job_key: jobKeyOf(h, unknown) }), 404, 404001);
  });
});

describe('POST /api/jobs/{id}/files', () => {
  const post = (path: string, content: string, key = jobKey) =>
    h.api.post(filesUrl()).field('path', path).field('job_key', key).attach('file', Buffer.from(content), 'payload.dat');

  it("stores an output dataset's file and answers {message: 'ok'}", async () => {
    const res = await post(outputPath, 'written by a runner\n');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'ok' });
    expect(readFileSync(outputPath, 'utf8')).toBe('written by a runner\n');
  });

  it('accepts path and job_key in the query string', async () => {
    const res = await h.api.post(filesUrl()).query({ path: `${jobDir}/working/from-query.txt`, job_key: jobKey }).attach('file', Buffer.from('q'), 'q.txt');
    expect(res.body).toEqual({ message: 'ok' });
    expect(readFileSync(join(jobDir, 'working', 'from-query.txt'), 'utf8')).toBe('q');
  });

  it('stores files in the job directory and in extra-files directories, which can be read back', async () => {
    expect((await post(`${jobDir}/working/nested/result.txt`, 'in the working dir')).body).toEqual({ message: 'ok' });
    expect((await post(`${outputExtraDir}/index.html`, '<p>extra</p>')).body).toEqual({ message: 'ok' });
    expect(readFileSync(join(outputExtraDir, 'index.html'), 'utf8')).toBe('<p>extra</p>');
    const back = await h.api.get(filesUrl()).query({ path: `${jobDir}/working/nested/result.txt`, job_key: jobKey }).buffer(true).parse(binaryParser);
    expect((back.body as Buffer).toString('utf8')).toBe('in the working dir');
  });

  it('stores GALAXY_VERSION_ files in the scratch directory, and nothing else there', async () => {
    const scratch = h.platform.services.layout.tmp;
    expect((await post(join(scratch, 'GALAXY_VERSION_1234'), '1.0')).body).toEqual({ message: 'ok' });
    const other = await post(join(scratch, 'other_file'), 'x');
    expectError(other, 403, 403002);
    expect(other.body.err_msg).toBe('Job is not authorized to write to supplied path.');
  });

  it('refuses paths outside the allowed targets', async () => {
    expectError(await post(inputPath, 'overwrite an input'), 403, 403002);
    expect(readFileSync(inputPath, 'utf8')).toBe('input content\n');
    expectError(await post(join(tmpdir(), 'job-files-escape.txt'), 'x'), 403, 403002);
    expectError(await post(`${jobDir}/working/../../../../id_secret`, 'x'), 403, 403002);
    expect(existsSync(join(tmpdir(), 'job-files-escape.txt'))).toBe(false);
  });

  it('refuses a link in the job directory that points outside it', async () => {
    const outside = join(tmpdir(), `job-files-target-${process.pid}.txt`);
    outsideFiles.push(outside);
    writeFileSync(outside, 'untouched');
    mkdirSync(join(jobDir, 'working'), { recursive: true });
    symlinkSync(outside, join(jobDir, 'working', 'escape'));
    expectError(await post(`${jobDir}/working/escape`, 'changed'), 403, 403002);
    expect(readFileSync(outside, 'utf8')).toBe('untouched');
    // nor through a linked directory, into directories a write would create
    const outsideDir = mkdtempSync(join(tmpdir(), 'job-files-outside-'));
    outsideFiles.push(outsideDir);
    symlinkSync(outsideDir, join(jobDir, 'working', 'escape-dir'));
    expectError(await post(`${jobDir}/working/escape-dir/new/file.txt`, 'x'), 403, 403002);
    expect(existsSync(join(outsideDir, 'new'))).toBe(false);
  });

  it('answers ObjectAttributeMissingException without path, job_key or file', async () => {
    expectError(await h.api.post(filesUrl()).field('job_key', jobKey).attach('file', Buffer.from('x'), 'x'), 400, 400005);
    expectError(await h.api.post(filesUrl()).field('path', outputPath).attach('file', Buffer.from('x'), 'x'), 400, 400005);
    expectError(await h.api.post(filesUrl()).field('path', outputPath).field('job_key', jobKey), 400, 400005);
  });

  it('answers ItemAccessibilityException for a wrong job_key or a finished job', async () => {
    const wrong = await post(outputPath, 'x', 'f2db41e1fa331b3e');
    expectError(wrong, 403, 403002);
    expect(wrong.body.err_msg).toBe('Invalid job_key supplied.');
    const finished = await h.api
      .post(filesUrl(input.jobId))
      .field('path', inputPath)
      .field('job_key', jobKeyOf(h, input.jobId))
      .attach('file', Buffer.from('x'), 'x');
    expectError(finished, 403, 403002);
  });

  it('takes a file of the upload store through __file_path', async () => {
    const staged = join(h.platform.services.layout.uploadStore, 'staged-by-front-end');
    writeFileSync(staged, 'staged content');
    const res = await h.api.post(filesUrl()).type('form').send({ path: `${jobDir}/working/staged.txt`, job_key: jobKey, __file_path: staged });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'ok' });
    expect(readFileSync(join(jobDir, 'working', 'staged.txt'), 'utf8')).toBe('staged content');
  });

  it('refuses a __file_path outside the upload store', async () => {
    const elsewhere = join(tmpdir(), `not-in-store-${process.pid}.txt`);
    outsideFiles.push(elsewhere);
    writeFileSync(elsewhere, 'secret');
    const res = await h.api.post(filesUrl()).type('form').send({ path: `${jobDir}/working/stolen.txt`, job_key: jobKey, __file_path: elsewhere });
    expectError(res, 403, 403002);
    expect(existsSync(join(jobDir, 'working', 'stolen.txt'))).toBe(false);
    expect(readFileSync(elsewhere, 'utf8')).toBe('secret');
    const traversal = await h.api
      .post(filesUrl())
      .type('form')
      .send({ path: `${jobDir}/working/stolen.txt`, job_key: jobKey, __file_path: `${h.platform.services.layout.uploadStore}/../id_secret` });
    expectError(traversal, 403, 403002);
  });
});
