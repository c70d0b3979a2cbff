import type { CookieOptions, NextFunction, Request, Response } from 'express';
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

/** Where a request came from: the Host it was sent to, and the client's address. */
export interface RequestOrigin {
  host: string | null;
  /** `req.ip`: the connection's address, or the client a proxy believed by TRUST_PROXY names. */
  address: string | null;
}

/** How one application turns a request into its context. */
export interface ContextFactory<C extends BaseRequestContext> {
  /** The application's session cookie. */
  cookieName: string;
  resolve(credentials: Credentials): Promise<Caller>;
  build(caller: Caller, hooks: ResponseHooks, origin: RequestOrigin): C;
}

/**
 * The session cookie's attributes: never readable by scripts, sent on top-level navigations from
 * elsewhere but not on their subrequests, and `Secure` when the request arrived over HTTPS (directly,
 * or through a proxy TRUST_PROXY believes), so that the browser never sends it over plain HTTP.
 */
export function sessionCookieOptions(req: Request): CookieOptions {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: req.secure };
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
          if (value === null) res.clearCookie(factory.cookieName, sessionCookieOptions(req));
          else res.cookie(factory.cookieName, value, sessionCookieOptions(req));
        },
      };
      res.locals.ctx = factory.build(caller, hooks, { host: req.get('host') ?? null, address: req.ip ?? null });
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
    build: (caller, hooks, origin) => new RequestContext(fork, caller, services, services.log, hooks, origin.host, origin.address),
  });
}
