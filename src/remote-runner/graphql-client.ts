/** Typed calls for the runner's three GraphQL mutations (claim, heartbeat, complete). */
import type { CompletedJob, RemoteJob, RemoteJobResult, RunnerApi } from './types';

export const CLAIM_MUTATION = `mutation ($runner: String!) {
  claimRemoteJob(runnerName: $runner) {
    id jobKey claimId toolId commandLine jobDirectory workingDirectory timeoutSeconds
    inputs { path }
    outputs { name path }
  }
}`;

export const HEARTBEAT_MUTATION = `mutation ($id: ID!, $jobKey: String!, $claimId: String) {
  heartbeatRemoteJob(id: $id, jobKey: $jobKey, claimId: $claimId)
}`;

export const COMPLETE_MUTATION = `mutation ($id: ID!, $jobKey: String!, $result: RemoteJobResultInput!, $claimId: String) {
  completeRemoteJob(id: $id, jobKey: $jobKey, result: $result, claimId: $claimId) { id state }
}`;

/**
 * The server answered with a GraphQL error, a non-JSON body or a malformed result.
 * `code` is the error kind (`extensions.code`), `errCode` the platform's numeric err_code.
 */
export class RunnerProtocolError extends Error {
  readonly code: string | null;
  readonly errCode: number | null;
  readonly status: number | null;

  constructor(message: string, details: { code?: string | null; errCode?: number | null; status?: number | null } = {}) {
    super(message);
    this.name = 'RunnerProtocolError';
    this.code = details.code ?? null;
    this.errCode = details.errCode ?? null;
    this.status = details.status ?? null;
  }

  /** The token was refused: retrying cannot help. */
  get isAuthFailure(): boolean {
    return (
      this.status === 401 ||
      this.status === 403 ||
      this.code === 'AuthenticationFailed' ||
      this.code === 'AuthenticationRequired' ||
      this.code === 'UNAUTHENTICATED' ||
      this.code === 'FORBIDDEN'
    );
  }
}

export interface GraphqlClientOptions {
  url: string;
  token: string;
  /** Per request; a hung server must not stall the claim loop forever. */
  requestTimeoutMs?: number;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export class RunnerGraphqlClient implements RunnerApi {
  private readonly endpoint: string;
  private readonly token: string;
  private readonly requestTimeoutMs: number;

  constructor(options: GraphqlClientOptions) {
    this.endpoint = `${options.url.replace(/\/+$/, '')}/graphql`;
    this.token = options.token;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
  }

  async claim(runnerName: string): Promise<RemoteJob | null> {
    const data = await this.request(CLAIM_MUTATION, { runner: runnerName });
    const job = data.claimRemoteJob;
    if (job === null || job === undefined) return null;
    return parseRemoteJob(job);
  }

  async heartbeat(id: string, jobKey: string, claimId: string | null = null): Promise<boolean> {
    const data = await this.request(HEARTBEAT_MUTATION, { id, jobKey, claimId });
    const answer = data.heartbeatRemoteJob;
    if (typeof answer !== 'boolean') throw malformed('heartbeatRemoteJob did not return a Boolean');
    return answer;
  }

  async complete(id: string, jobKey: string, result: RemoteJobResult, claimId: string | null = null): Promise<CompletedJob> {
    const data = await this.request(COMPLETE_MUTATION, { id, jobKey, result: { ...result }, claimId });
    const job = data.completeRemoteJob;
    if (!isObject(job)) throw malformed('completeRemoteJob returned no job');
    return { id: idString(job.id, 'completeRemoteJob.id'), state: stringField(job, 'state', 'completeRemoteJob') };
  }

  /** Posts one operation and returns `data`, or throws the first GraphQL error. */
  private async request(query: string, variables: JsonObject): Promise<JsonObject> {
    const response = await fetch(this.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-runner-token': this.token },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(this.requestTimeoutMs),
    });
    const text = await response.text();
    let body: Json;
    try {
      body = JSON.parse(text) as Json;
    } catch {
      throw new RunnerProtocolError(`Server answered HTTP ${response.status} with a non-JSON body: ${text.slice(0, 200)}`, {
        status: response.status,
      });
    }
    if (!isObject(body)) throw malformed(`GraphQL response is not an object (HTTP ${response.status})`, response.status);
    const errors = body.errors;
    if (Array.isArray(errors) && errors.length > 0) throw toProtocolError(errors[0], response.status);
    if (!response.ok) throw malformed(`Server answered HTTP ${response.status} without GraphQL errors`, response.status);
    if (!isObject(body.data)) throw malformed('GraphQL response has no data', response.status);
    return body.data;
  }
}

function toProtocolError(error: Json, httpStatus: number): RunnerProtocolError {
  const message = isObject(error) && typeof error.message === 'string' ? error.message : 'Unknown GraphQL error';
  const extensions = isObject(error) && isObject(error.extensions) ? error.extensions : {};
  const code = typeof extensions.code === 'string' ? extensions.code : null;
  const errCode = typeof extensions.errCode === 'number' ? extensions.errCode : null;
  // Prefer the error's own status: the transport may say 200 for a 403 error.
  const status = typeof extensions.status === 'number' ? extensions.status : httpStatus >= 400 ? httpStatus : null;
  return new RunnerProtocolError(message, { code, errCode, status });
}

/** Checks the claim result at runtime: it drives file paths and a shell command. */
export function parseRemoteJob(value: Json): RemoteJob {
  if (!isObject(value)) throw malformed('claimRemoteJob returned a non-object');
  const where = 'claimRemoteJob';
  const timeout = value.timeoutSeconds;
  if (timeout !== null && timeout !== undefined && (typeof timeout !== 'number' || !Number.isFinite(timeout))) {
    throw malformed(`${where}.timeoutSeconds is not a number`);
  }
  const claimId = value.claimId;
  if (claimId !== null && claimId !== undefined && typeof claimId !== 'string') throw malformed(`${where}.claimId is not a string`);
  return {
    id: idString(value.id, `${where}.id`),
    jobKey: stringField(value, 'jobKey', where),
    claimId: claimId ?? null,
    toolId: stringField(value, 'toolId', where),
    commandLine: stringField(value, 'commandLine', where),
    jobDirectory: stringField(value, 'jobDirectory', where),
    workingDirectory: stringField(value, 'workingDirectory', where),
    timeoutSeconds: typeof timeout === 'number' ? timeout : null,
    inputs: listField(value, 'inputs', where).map((item, i) => ({ path: stringField(item, 'path', `${where}.inputs[${i}]`) })),
    outputs: listField(value, 'outputs', where).map((item, i) => ({
      name: stringField(item, 'name', `${where}.outputs[${i}]`),
      path: stringField(item, 'path', `${where}.outputs[${i}]`),
    })),
  };
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringField(object: Json, key: string, where: string): string {
  const value = isObject(object) ? object[key] : undefined;
  if (typeof value !== 'string') throw malformed(`${where}.${key} is not a string`);
  return value;
}

function listField(object: JsonObject, key: string, where: string): Json[] {
  const value = object[key];
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) throw malformed(`${where}.${key} is not a list`);
  return value;
}

/** GraphQL IDs serialise as strings, but accept an integer too. */
function idString(value: Json | undefined, where: string): string {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  throw malformed(`${where} is not an ID`);
}

function malformed(message: string, status?: number): RunnerProtocolError {
  return new RunnerProtocolError(`Malformed server response: ${message}`, { code: 'MalformedResponse', status: status ?? null });
}
