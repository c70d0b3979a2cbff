import type { NextFunction, Request, Response, Router } from 'express';
import type { GraphQLSchema } from 'graphql';
import { AppError } from '../../src/errors/error-kinds';
import type { BaseRequestContext } from '../../src/context/base-request-context';
import type { Logger } from '../../src/logging/logger';
import { renderError, type ErrorStyle } from './errors';
import { RawJson } from './raw-json';
import { PreparedOperation } from './prepared-operation';
import type { Alternative, RouteSpec } from './route';
import { RouteInput } from './route-input';
import { type StreamFrame, streamEvents } from './stream-response';

function send(res: Response, status: number, body: unknown): void {
  // Every body is JSON, strings included (the platform JSON-encodes plain string results).
  res.status(status).type('application/json').send(body instanceof RawJson ? body.text : JSON.stringify(body === undefined ? null : body));
}

export function sendError(res: Response, error: unknown, style: ErrorStyle, log: Logger): void {
  const { status, body, headers } = renderError(error, style, log);
  if (headers) res.set(headers);
  send(res, status, body);
}

/** A route's document prepared, with what shapes its result. */
interface Prepared {
  spec: Alternative;
  operation?: PreparedOperation;
}

const prepare = (schema: GraphQLSchema, spec: Alternative): Prepared => ({ spec, operation: spec.operation ? new PreparedOperation(schema, spec.operation) : undefined });

/**
 * Reads a route's inputs. A refused input (a list where text is expected, a NUL character) is
 * answered after the caller's identity: a route that needs one tells an anonymous caller so first.
 */
function readInputs<T>(spec: RouteSpec<unknown>, ctx: BaseRequestContext, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (spec.access !== 'anonymous') ctx.caller.requireIdentity();
    throw error;
  }
}

/** Mounts one route: its documents are prepared now, so a request does no schema work. */
export function registerRoute(router: Router, schema: GraphQLSchema, spec: RouteSpec<unknown>, log: Logger): void {
  const single = prepare(schema, spec);
  const alternatives = spec.alternatives
    ? new Map(Object.entries(spec.alternatives.routes).map(([name, alternative]) => [name, prepare(schema, alternative)]))
    : undefined;
  const style = spec.errorStyle ?? 'json';
  router[spec.method](spec.path, async (req: Request, res: Response, next: NextFunction) => {
    try {
      if (res.locals.authError) throw res.locals.authError;
      const ctx = res.locals.ctx;
      if (!ctx) throw new Error('request context missing');
      if (spec.requiresIdentity) ctx.caller.requireIdentity();
      if (spec.notImplemented !== undefined) {
        if (spec.access !== 'anonymous') ctx.caller.requireIdentity();
        throw new AppError('NotImplemented', spec.notImplemented || undefined);
      }
      const { input, run, operation, variables } = readInputs(spec, ctx, () => {
        const input = new RouteInput(req);
        const chosen = alternatives && spec.alternatives ? alternatives.get(spec.alternatives.pick(input)) : single;
        if (!chosen?.operation) throw new Error(`route ${spec.method} ${spec.path} has no operation`);
        return { input, run: chosen.spec, operation: chosen.operation, variables: chosen.spec.variables ? chosen.spec.variables(input, req) : {} };
      });
      if (run.stream) return await streamEvents(res, await operation.subscribe(ctx, variables), run.stream(input, ctx.caller), log, run.streamFrame as StreamFrame<unknown> | undefined);
      const result = await operation.run(ctx, variables);
      if (result.errors && result.errors.length > 0) throw result.errors[0];
      const data = result.data;
      if (run.raw) return await run.raw(data, input, req, res);
      send(res, run.status ? run.status(data) : 200, run.shape ? run.shape(data, input) : data);
    } catch (error) {
      if (res.headersSent) return next(error);
      sendError(res, error, style, log);
    }
  });
}
