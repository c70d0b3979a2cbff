/** An in-memory platform server speaking the remote-runner protocol (GraphQL + job files). */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RemoteJob, RemoteJobResult } from '../../../src/remote-runner/types';

export interface Upload {
  jobId: string;
  path: string;
  filename: string;
  content: string;
}

export interface Completion {
  id: string;
  jobKey: string;
  result: RemoteJobResult;
}

type JsonBody = Record<string, unknown>;

export class FakePlatform {
  readonly token = 'runner-secret';
  /** Jobs waiting to be claimed, in order. */
  readonly queue: RemoteJob[] = [];
  /** Input contents by server path. */
  readonly files = new Map<string, string>();
  /** Server paths whose download fails with this status and body. */
  readonly failingDownloads = new Map<string, { status: number; body: JsonBody }>();
  readonly claimed: RemoteJob[] = [];
  readonly claimRunners: string[] = [];
  readonly downloads: string[] = [];
  readonly uploads: Upload[] = [];
  readonly completions: Completion[] = [];
  readonly heartbeats: string[] = [];
  /** What heartbeatRemoteJob answers. */
  heartbeatAnswer = true;
  /** Called after each completion is recorded. */
  onComplete: (completion: Completion) => void = () => undefined;
  private server: Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => send(res, 500, { err_msg: String(error), err_code: 500001 }));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Resolves once `count` completions have been recorded. */
  waitForCompletions(count: number): Promise<void> {
    return new Promise((resolve) => {
      const check = () => (this.completions.length >= count ? resolve() : setTimeout(check, 20));
      check();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await readBody(req);
    if (url.pathname === '/graphql' && req.method === 'POST') return this.graphql(req, res, body);
    const match = /^\/api\/jobs\/([^/]+)\/files$/.exec(url.pathname);
    if (match) {
      const job = this.claimed.find((j) => j.id === decodeURIComponent(match[1]));
      if (!job) return send(res, 404, { err_msg: 'No such job.', err_code: 404001 });
      if (req.method === 'GET') return this.download(job, url, res);
      if (req.method === 'POST') return this.upload(job, req, body, res);
    }
    send(res, 404, { err_msg: 'Not found', err_code: 404001 });
  }

  private graphql(req: IncomingMessage, res: ServerResponse, raw: Buffer): void {
    if (req.headers['x-runner-token'] !== this.token || req.headers['content-type'] !== 'application/json') {
      return send(res, 401, { errors: [{ message: 'Invalid runner token.', extensions: { code: 'AuthenticationFailed', errCode: 401001, status: 401 } }] });
    }
    const { query, variables } = JSON.parse(raw.toString('utf8')) as { query: string; variables: JsonBody };
    if (query.includes('claimRemoteJob')) {
      this.claimRunners.push(String(variables.runner));
      const job = this.queue.shift() ?? null;
      if (job) this.claimed.push(job);
      return send(res, 200, { data: { claimRemoteJob: job } });
    }
    const job = this.claimed.find((j) => j.id === variables.id);
    if (!job || job.jobKey !== variables.jobKey) {
      return send(res, 200, { errors: [{ message: 'Invalid job key.', extensions: { code: 'ItemAccessibilityException', errCode: 403002, status: 403 } }] });
    }
    if (query.includes('heartbeatRemoteJob')) {
      this.heartbeats.push(job.id);
      return send(res, 200, { data: { heartbeatRemoteJob: this.heartbeatAnswer } });
    }
    if (query.includes('completeRemoteJob')) {
      const completion = { id: job.id, jobKey: job.jobKey, result: variables.result as RemoteJobResult };
      this.completions.push(completion);
      this.onComplete(completion);
      return send(res, 200, { data: { completeRemoteJob: { id: job.id, state: completion.result.exitCode === 0 && !completion.result.failure ? 'ok' : 'error' } } });
    }
    send(res, 400, { errors: [{ message: 'Unknown operation', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] });
  }

  private download(job: RemoteJob, url: URL, res: ServerResponse): void {
    const path = url.searchParams.get('path') ?? '';
    if (url.searchParams.get('job_key') !== job.jobKey) return send(res, 403, { err_msg: 'Invalid job_key supplied.', err_code: 403002 });
    this.downloads.push(path);
    const failing = this.failingDownloads.get(path);
    if (failing) return send(res, failing.status, failing.body);
    const content = this.files.get(path);
    if (content === undefined || !job.inputs.some((input) => input.path === path)) {
      return send(res, 404, { err_msg: `No such input: ${path}`, err_code: 404001 });
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    res.end(content);
  }

  private async upload(job: RemoteJob, req: IncomingMessage, raw: Buffer, res: ServerResponse): Promise<void> {
    const form = await new Response(raw, { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData();
    const path = form.get('path');
    const file = form.get('file');
    if (form.get('job_key') !== job.jobKey) return send(res, 403, { err_msg: 'Invalid job_key supplied.', err_code: 403002 });
    if (typeof path !== 'string' || !path.startsWith(`${job.jobDirectory}/outputs/`)) {
      return send(res, 400, { err_msg: `Bad output path: ${String(path)}`, err_code: 400008 });
    }
    if (file === null || typeof file === 'string') return send(res, 400, { err_msg: 'No file part', err_code: 400007 });
    this.uploads.push({ jobId: job.id, path, filename: file.name, content: await file.text() });
    send(res, 200, { message: 'ok' });
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let nextJob = 1;

/** A job under a server job directory that does not exist on this machine. */
export function makeJob(overrides: Partial<RemoteJob> & { commandLine?: string } = {}): RemoteJob {
  const n = nextJob++;
  const jobDirectory = overrides.jobDirectory ?? `/srv/galaxy/database/jobs_directory/000/${n}`;
  return {
    id: `job${n}`,
    jobKey: `key-${n}`,
    toolId: 'cat1',
    commandLine: 'true',
    jobDirectory,
    workingDirectory: `${jobDirectory}/working`,
    timeoutSeconds: 60,
    inputs: [],
    outputs: [],
    ...overrides,
  };
}

/** Killed processes may stay zombies here (PID 1 of a container need not reap them). */
export async function isRunning(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) [ZX]/.test(stat);
  } catch {
    return false;
  }
}
