import autocannon from 'autocannon';
import { isDeepStrictEqual } from 'node:util';
import type { Target } from './targets';

export interface Load {
  connections: number;
  reqPerSec: number;
  p50: number;
  p99: number;
}

export interface Reading {
  /** SQL statements the request cost (the x-sql-queries header), and the answer's size. */
  sql: number;
  bytes: number;
  body: unknown;
  loads: Load[];
}

async function once(baseUrl: string, target: Target, key: string): Promise<{ sql: number; text: string; ms: number }> {
  let res: Response;
  let text: string;
  const started = performance.now();
  try {
    res = await fetch(`${baseUrl}${target.path}`, { method: target.method, headers: headers(key), body: target.body });
    text = await res.text();
  } catch (error) {
    // A reset or a cut answer: name the target and the server (the service's or the baseline's log says why).
    throw new Error(`${target.label} at ${baseUrl}: ${error instanceof Error ? `${error.message}${error.cause ? ` (${String(error.cause)})` : ''}` : String(error)}`);
  }
  if (res.status !== 200) throw new Error(`${target.label} at ${baseUrl}: ${res.status} ${text.slice(0, 300)}`);
  return { sql: Number(res.headers.get('x-sql-queries') ?? NaN), text, ms: performance.now() - started };
}

/** No key for anonymous targets. */
const headers = (key: string): Record<string, string> => (key ? { 'x-api-key': key, 'content-type': 'application/json' } : { 'content-type': 'application/json' });

/** Each connection answered at least this many times: fewer in the time given (a listing of seconds), the load is run by count instead. */
const LEAST_PER_CONNECTION = 3;

/** An answer that takes this long alone is measured by a count of requests, every one answered whole. */
const SLOW_ANSWER_MS = 500;

async function load(baseUrl: string, target: Target, key: string, connections: number, seconds: number, aloneMs: number): Promise<Load> {
  const options = { url: `${baseUrl}${target.path}`, method: target.method, headers: headers(key), body: target.body, connections } as const;
  let result: autocannon.Result;
  let reqPerSec: number;
  if (aloneMs >= SLOW_ANSWER_MS) {
    // Answers of half a second or more: a timed run would end with a request in flight on every connection,
    // cut (its work on the server still under way into the next reading, a baseline that read its rows
    // whole finishing them all) and not counted. Instead a number of requests that takes about the time
    // given, every one answered whole: the rate is their count over the time they took.
    // As many as one connection would answer in the time, at least LEAST_PER_CONNECTION per connection.
    const perConnection = Math.max(LEAST_PER_CONNECTION, Math.ceil((seconds * 1000) / aloneMs / connections));
    result = await autocannon({ ...options, amount: connections * perConnection, timeout: 600 });
    reqPerSec = result.requests.total / result.duration;
  } else {
    result = await autocannon({ ...options, duration: seconds, timeout: 600 });
    // Slow answers: the mean of autocannon's per-second counts is coarse; the count over the time is not.
    reqPerSec = result.requests.total < 100 ? result.requests.total / result.duration : result.requests.average;
    if (result.requests.total < connections * LEAST_PER_CONNECTION) {
      // Fewer answers than expected from the answer alone (a load that slows it): by count, as above.
      result = await autocannon({ ...options, amount: connections * LEAST_PER_CONNECTION, timeout: 600 });
      reqPerSec = result.requests.total / result.duration;
    }
  }
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.label} at ${baseUrl}: ${result.non2xx} non-2xx answers, ${result.errors} errors under load`);
  return { connections, reqPerSec: Number(reqPerSec >= 10 ? reqPerSec.toFixed(0) : reqPerSec.toFixed(2)), p50: result.latency.p50, p99: result.latency.p99 };
}

/**
 * Reads a target on one server: its SQL count and the time of an answer alone (the medians of a few
 * sequential requests, after the key is cached), a warm-up, then autocannon at each connection count.
 */
export async function read(baseUrl: string, target: Target, key: string, connections: number[], seconds: number): Promise<Reading> {
  const samples: number[] = [];
  const times: number[] = [];
  let text = '';
  for (let i = 0; i < 5; i += 1) {
    const answer = await once(baseUrl, target, key);
    samples.push(answer.sql);
    times.push(answer.ms);
    text = answer.text;
  }
  const aloneMs = times.sort((a, b) => a - b)[2];
  await load(baseUrl, target, key, Math.max(...connections), Math.max(1, Math.round(seconds / 3)), aloneMs);
  const loads: Load[] = [];
  for (const count of connections) loads.push(await load(baseUrl, target, key, count, seconds, aloneMs));
  return { sql: samples.sort((a, b) => a - b)[2], bytes: Buffer.byteLength(text), body: JSON.parse(text), loads };
}

/** The first path where two answers differ ('' when they are the same JSON). */
export function firstDifference(a: unknown, b: unknown, path = '$'): string {
  if (isDeepStrictEqual(a, b)) return '';
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return path;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.join() !== keysB.join()) return `${path} keys`;
  for (const key of keysA) {
    const found = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`);
    if (found) return found;
  }
  return path;
}
