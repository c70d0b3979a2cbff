import type { NextFunction, Request, Response, Router } from 'express';
import type { GraphQLSchema } from 'graphql';
import { AppError } from '../../src/errors/error-kinds';
import type { Logger } from '../../src/logging/logger';
import { renderError, type ErrorStyle } from './errors';
import { PreparedOperation } from './prepared-operation';
import type { RouteSpec } from './route';
import { RouteInput } from './route-input';

function send(res: Response, status: number, body: unknown): void {
  // Every body is JSON, strings included (the platform JSON-encodes plain string results).
  res.status(status).type('application/json').send(JSON.stringify(body === undefined ? null : body));
}

export function sendError(res: Response, error: unknown, style: ErrorStyle, log: Logger): void {
  const { status, body } = renderError(error, style, log);
  send(res, status, body);
}

/** Mounts one route: its document is prepared now, so a request does no schema work. */
export function registerRoute(router: Router, schema: GraphQLSchema, spec: RouteSpec<unknown>, log: Logger): void {
  const operation = spec.operation ? new PreparedOperation(schema, spec.operation) : undefined;
  const style = spec.errorStyle ?? 'json';
  router[spec.method](spec.path, async (req: Request, res: Response, next: NextFunction) => {
    try {
      if (res.locals.authError) throw res.locals.authError;
      const ctx = res.locals.ctx;
      if (!ctx) throw new Error('request context missing');
      if (spec.notImplemented !== undefined) {
        if (spec.access !== 'anonymous') ctx.caller.requireIdentity();
        throw new AppError('NotImplemented', spec.notImplemented || undefined);
      }
      if (!operation) throw new Error(`route ${spec.method} ${spec.path} has no operation`);
      const input = new RouteInput(req);
      const result = await operation.run(ctx, spec.variables ? spec.variables(input, req) : {});
      if (result.errors && result.errors.length > 0) throw result.errors[0];
      const data = result.data;
      if (spec.raw) return await spec.raw(data, input, req, res);
      send(res, spec.status ? spec.status(data) : 200, spec.shape ? spec.shape(data, input) : data);
    } catch (error) {
      if (res.headersSent) return next(error);
      sendError(res, error, style, log);
    }
  });
}
