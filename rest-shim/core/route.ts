import type { Request, Response } from 'express';
import type { AccessLevel } from '../../src/graphql/shared/access';
import type { ErrorStyle } from './errors';
import type { RouteInput } from './route-input';
import type { EventWriter, StreamFrame } from './stream-response';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';

/**
 * One REST route of the contract: parse inputs -> one GraphQL document (prepared once at start-up)
 * -> shape the result. `raw` routes (file downloads) take the response themselves.
 */
export interface RouteSpec<Data = unknown> {
  method: HttpMethod;
  /** Express path (`:param`); the contract spells it `{param}`. */
  path: string;
  access: AccessLevel;
  /**
   * Refuses a caller without identity (AuthenticationRequired) before anything else, where the
   * contract's route asks every caller for one but the graph's field lets visitors read (a published
   * page, workflow or visualization: the web UI's visitors follow such links).
   */
  requiresIdentity?: boolean;
  errorStyle?: ErrorStyle;
  /** The GraphQL document this route runs. */
  operation?: string;
  /** The document's variables; `req` gives routes that take files their multipart parts. */
  variables?: (input: RouteInput, req?: Request) => Record<string, unknown>;
  shape?: (data: Data, input: RouteInput) => unknown;
  /** HTTP status of a success (200 unless the contract says otherwise). */
  status?: (data: Data) => number;
  /** The contract says this operation is never offered: answer NotImplemented. */
  notImplemented?: string;
  /**
   * A listing that streams: `operation` is a subscription whose events are batches of items, and this
   * gives, per request, what writes one event's items as JSON texts joined by `,` (stream-response.ts).
   * `viewer` is the caller the operation ran for (a subscription has no second root field to ask).
   */
  stream?: (input: RouteInput, viewer: { isAdmin: boolean }) => EventWriter<Data>;
  /** A streamed listing inside an object: its opening (from the first event) and closing; default a bare array. */
  streamFrame?: StreamFrame<Data>;
  /** Streams its own response (downloads); receives the GraphQL data. */
  raw?: (data: Data, input: RouteInput, req: Request, res: Response) => Promise<void> | void;
  /**
   * Several documents behind one path (e.g. a POST that copies a dataset or creates a collection):
   * `pick` names the alternative a request takes. Each alternative is prepared once, at start-up.
   */
  alternatives?: { pick: (input: RouteInput) => string; routes: Record<string, Alternative> };
}

/** One alternative of a route: its own document and shaping; method, path and access are the route's. */
export type Alternative = Omit<RouteSpec<unknown>, 'method' | 'path' | 'access' | 'alternatives'>;

/** Keeps an alternative's Data type while collecting alternatives of different shapes. */
export function alternative<Data>(spec: Omit<RouteSpec<Data>, 'method' | 'path' | 'access' | 'alternatives'>): Alternative {
  return spec as Alternative;
}

/** Keeps each route's Data type while collecting routes of different shapes in one list. */
export function route<Data>(spec: RouteSpec<Data>): RouteSpec<unknown> {
  return spec as RouteSpec<unknown>;
}

export interface RouteArea {
  /** The area name used in the contract's endpoint list. */
  area: string;
  routes: RouteSpec<unknown>[];
}
