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

async function once(baseUrl: string, target: Target, key: string): Promise<{ sql: number; text: string }> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${baseUrl}${target.path}`, { method: target.method, headers: headers(key), body: target.body });
    text = await res.text();
  } catch (error) {
    // A reset or a cut answer: name the target and the server (the service's or the baseline's log says why).
    throw new Error(`${target.label} at ${baseUrl}: ${error instanceof Error ? `${error.message}${error.cause ? ` (${String(error.cause)})` : ''}` : String(error)}`);
  }
  if (res.status !== 200) throw new Error(`${target.label} at ${baseUrl}: ${res.status} ${text.slice(0, 300)}`);
  return { sql: Number(res.headers.get('x-sql-queries') ?? NaN), text };
}

/** No key for anonymous targets. */
const headers = (key: string): Record<string, string> => (key ? { 'x-api-key': key, 'content-type': 'application/json' } : { 'content-type': 'application/json' });

async function load(baseUrl: string, target: Target, key: string, connections: number, seconds: number): Promise<Load> {
  const result = await autocannon({ url: `${baseUrl}${target.path}`, method: target.method, headers: headers(key), body: target.body, connections, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.label} at ${baseUrl}: ${result.non2xx} non-2xx answers, ${result.errors} errors under load`);
  return { connections, reqPerSec: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 };
}

/**
 * Reads a target on one server: its SQL count (the median of a few sequential requests, after the
 * key is cached), a warm-up, then autocannon at each connection count.
 */
export async function read(baseUrl: string, target: Target, key: string, connections: number[], seconds: number): Promise<Reading> {
  const samples: number[] = [];
  let text = '';
  for (let i = 0; i < 5; i += 1) {
    const answer = await once(baseUrl, target, key);
    samples.push(answer.sql);
    text = answer.text;
  }
  await load(baseUrl, target, key, Math.max(...connections), Math.max(1, Math.round(seconds / 3)));
  const loads: Load[] = [];
  for (const count of connections) loads.push(await load(baseUrl, target, key, count, seconds));
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
