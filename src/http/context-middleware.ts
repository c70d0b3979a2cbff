import type { NextFunction, Request, Response } from 'express';
import type { AppServices } from '../context/app-services';
import { RequestContext } from '../context/request-context';
import { AppError } from '../errors/error-kinds';
import { credentialsOf, SESSION_COOKIE } from './credentials';

declare module 'express-serve-static-core' {
  interface Locals {
    ctx?: RequestContext;
    /** Set when the credentials were refused (bad key); the route answers with it. */
    authError?: AppError;
  }
}

/**
 * Builds the request's context once: the caller resolved from the key or the session cookie, fresh
 * loaders, and an EntityManager forked only if the request uses one. Used by the shim and by
 * /graphql alike.
 */
export function contextMiddleware(services: AppServices) {
  const orm = services.db.orm;
  const fork = () => orm.em.fork({ useContext: true });
  return async (req: Request, res: Response, next: NextFunction) => {
    const log = services.log;
    try {
      const caller = await services.identity.resolve(credentialsOf(req));
      res.locals.ctx = new RequestContext(fork, caller, services, log, {
        setSessionCookie(value) {
          if (value === null) res.clearCookie(SESSION_COOKIE, { path: '/' });
          else res.cookie(SESSION_COOKIE, value, { path: '/', httpOnly: true, sameSite: 'lax' });
        },
      }, req.get('host') ?? null);
      next();
    } catch (error) {
      if (error instanceof AppError) {
        res.locals.authError = error;
        next();
      } else {
        next(error);
      }
    }
  };
}
