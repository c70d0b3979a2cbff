import express from 'express';
import request from 'supertest';
import { metricsRoute } from '../../src/http/metrics-route';
import { createLogger } from '../../src/logging/logger';
import { decoded, sql } from '../support/job-helpers';
import { eventually } from '../support/server-processes';
import { patient } from '../support/patience';
import { type PausableProxy, startPausableProxy } from '../support/pausable-proxy';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

/**
 * What a load balancer, an orchestrator and Prometheus ask of the service (issue 37): `/health`
 * (the process answers), `/ready` (it can serve: database, migrations, job workers) and `/metrics`.
 * The platform here reaches its database through a proxy the test can cut, as a database that goes
 * away and comes back, without stopping the server other tests share.
 */
let proxy: PausableProxy;
let h: TestPlatform;

beforeAll(async () => {
  proxy = await startPausableProxy(process.env.TEST_DATABASE_URL as string);
  h = await startTestPlatform({ DATABASE_URL: proxy.url, JOB_HEARTBEAT_MS: '1000' });
}, patient(60_000));
afterAll(async () => {
  await proxy?.resume().catch(() => undefined);
  await h?.close();
  await proxy?.close();
});

describe('GET /health', () => {
  it('answers 200 while the process runs, without a key', async () => {
    const res = await h.api.get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /ready', () => {
  it('answers 200 with each check ok: the database answers, the migrations are applied, the job workers run', async () => {
    const res = await h.api.get('/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', jobWorkers: 'ok' } });
  });

  it('turns 503 with Retry-After and the cause while the database is away, and 200 again once it is back', async () => {
    await proxy.pause();
    try {
      const down = await h.api.get('/ready');
      expect(down.status).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.body.status).toBe('unavailable');
      expect(down.body.checks.database).toMatch(/^unreachable \(/);
      // The process itself still answers.
      expect((await h.api.get('/health')).status).toBe(200);
    } finally {
      await proxy.resume();
    }
    await eventually(async () => (await h.api.get('/ready')).status === 200, 15_000);
  }, patient(60_000));
});

describe('GET /metrics', () => {
  it('counts requests by route template (never by raw path), GraphQL operations by name, and this process\'s pool and memory', async () => {
    const user = await h.newUser('metered');
    const made = await h.api.post('/api/histories').set('x-api-key', user.key).send({ name: 'counted' });
    expect(made.status).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await h.api.get(`/api/histories/${made.body.id}`).set('x-api-key', user.key)).status).toBe(200);
    const op = await h.api.post('/graphql').set('x-api-key', user.key).send({ query: 'query CountedViewer { viewer { isAdmin } }' });
    expect(op.status).toBe(200);
    await h.api.post('/graphql').set('x-api-key', user.key).send({ query: 'query BrokenOne { noSuchField }' });
    const res = await h.api.get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    expect(text).toMatch(/platform_http_request_duration_seconds_count\{route="\/api\/histories\/:history_id",method="GET",status="200"\} [3-9]/);
    expect(text).not.toContain(made.body.id);
    expect(text).toMatch(/platform_graphql_operation_duration_seconds_count\{operation="CountedViewer",type="query",outcome="ok"\} 1/);
    expect(text).toMatch(/platform_graphql_operation_duration_seconds_count\{operation="BrokenOne",type="query",outcome="error"\} 1/);
    expect(text).toMatch(/platform_database_pool_connections\{state="used"\} \d+/);
    expect(text).toContain('platform_nodejs_eventloop_lag_seconds');
    expect(text).toContain('platform_process_resident_memory_bytes');
    expect(text).toContain('# TYPE platform_jobs gauge');
    expect(text).toMatch(/^platform_processes 1$/m);
  });

  it('shows unfinished jobs by state and destination, and a finished job\'s queue wait and run time by destination', async () => {
    const user = await h.newUser('jobber');
    const history = await h.api.post('/api/histories').set('x-api-key', user.key).send({ name: 'jobs' });
    const upload = await h.api
      .post('/api/tools')
      .set('x-api-key', user.key)
      .send({ tool_id: 'upload1', history_id: history.body.id, inputs: { 'files_0|url_paste': 'a\nb\n', 'files_0|type': 'upload_dataset', file_type: 'txt' } });
    expect(upload.status).toBe(200);
    const jobId = upload.body.jobs[0].id as string;
    await eventually(async () => ['ok', 'error'].includes((await h.api.get(`/api/jobs/${jobId}`).set('x-api-key', user.key)).body.state as string), 30_000);
    const text = (await h.api.get('/metrics')).text;
    expect(text).toMatch(/platform_job_run_seconds_count\{destination="[^"]+",state="ok"\} [1-9]/);
    expect(text).toMatch(/platform_job_queue_wait_seconds_count\{destination="[^"]+"\} [1-9]/);
    // A job waiting (paused) on a destination is in the gauge, read from the database at the scrape.
    await sql(h, `insert into job (create_time, update_time, user_id, tool_id, tool_version, state, params, stdout, stderr, attempts, destination_id)
      values (now(), now(), ?, 'cat1', '1.0.0', 'paused', '{}'::jsonb, '', '', 0, 'big_memory')`, [decoded(h, user.id)]);
    expect((await h.api.get('/metrics')).text).toContain('platform_jobs{state="paused",destination="big_memory"} 1');
  }, patient(60_000));

  it('wants the token of METRICS_TOKEN when it is set: 401 without it or with another, 200 with it', async () => {
    const app = express().use(metricsRoute('scrape-secret', createLogger('silent')));
    expect((await request(app).get('/metrics')).status).toBe(401);
    expect((await request(app).get('/metrics').set('authorization', 'Bearer another')).status).toBe(401);
    const res = await request(app).get('/metrics').set('authorization', 'Bearer scrape-secret');
    expect(res.status).toBe(200);
    expect(res.text).toContain('platform_http_request_duration_seconds');
  });
});
