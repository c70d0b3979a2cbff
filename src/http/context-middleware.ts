import type { NextFunction, Request, Response } from 'express';
import type { Credentials } from '../auth/identity.service';
import type { AppServices } from '../context/app-services';
import type { BaseRequestContext, ResponseHooks } from '../context/base-request-context';
import type { Caller } from '../context/caller';
import { RequestContext } from '../context/request-context';
import { AppError } from '../errors/error-kinds';
import { credentialsOf, SESSION_COOKIE } from './credentials';

declare module 'express-serve-static-core' {
  interface Locals {
    /** The request's context (the platform's or the depot's). */
    ctx?: BaseRequestContext;
    /** Set when the credentials were refused (bad key); the route answers with it. */
    authError?: AppError;
  }
}

/** How one application turns a request into its context. */
export interface ContextFactory<C extends BaseRequestContext> {
  /** The application's session cookie. */
  cookieName: string;
  resolve(credentials: Credentials): Promise<Caller>;
  build(caller: Caller, hooks: ResponseHooks, host: string | null): C;
}

/**
 * Builds the request's context once: the caller resolved from the key or the session cookie, fresh
 * loaders, and an EntityManager forked only if the request uses one. Used by the shim and by
 * /graphql alike, of either application.
 */
export function contextMiddlewareOf<C extends BaseRequestContext>(factory: ContextFactory<C>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const caller = await factory.resolve(credentialsOf(req, factory.cookieName));
      const hooks: ResponseHooks = {
        setSessionCookie(value) {
          if (value === null) res.clearCookie(factory.cookieName, { path: '/' });
          else res.cookie(factory.cookieName, value, { path: '/', httpOnly: true, sameSite: 'lax' });
        },
      };
      res.locals.ctx = factory.build(caller, hooks, req.get('host') ?? null);
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

/** The platform's contexts. */
export function contextMiddleware(services: AppServices) {
  const orm = services.db.orm;
  const fork = () => orm.em.fork({ useContext: true });
  return contextMiddlewareOf<RequestContext>({
    cookieName: SESSION_COOKIE,
    resolve: (credentials) => services.identity.resolve(credentials),
    build: (caller, hooks, host) => new RequestContext(fork, caller, services, services.log, hooks, host),
  });
}
