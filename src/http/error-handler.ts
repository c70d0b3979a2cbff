import type { NextFunction, Request, Response } from 'express';
import { renderError } from '../../rest-shim/core/errors';
import type { Logger } from '../logging/logger';
import { isClientAbort } from './client-abort';

/** Failures before a route runs (an unreadable body): the contract's JSON errors, never a stack. */
export function httpErrorHandler(log: Logger) {
  return (error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (isClientAbort(error, req)) {
      // The request logger reports it (info, 'request aborted by the client'): nothing to answer.
      log.debug({ err: error instanceof Error ? error.message : String(error) }, 'client went away mid-request');
      if (!res.destroyed) res.destroy();
      return;
    }
    if (res.headersSent) return next(error);
    const { status, body, headers } = renderError(error, 'json', log);
    if (headers) res.set(headers);
    res.status(status).json(body);
  };
}
