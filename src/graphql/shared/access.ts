import { Extensions, type MiddlewareFn, UseMiddleware } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';

/**
 * Who may call an operation. Declared on every query and mutation (a test enforces it) and kept in
 * the schema's field extensions. The guard only refuses callers without identity; services own the
 * finer rules (owner, permission holder, administrator) and their messages.
 */
export type AccessLevel = 'anonymous' | 'user' | 'owner' | 'permission' | 'admin' | 'job_key' | 'runner';

const requireIdentity: MiddlewareFn<RequestContext> = ({ context }, next) => {
  context.caller.requireIdentity();
  return next();
};

export function Access(level: AccessLevel): MethodDecorator {
  return (target, key, descriptor) => {
    Extensions({ access: level })(target, key, descriptor);
    if (level === 'user' || level === 'owner' || level === 'permission' || level === 'admin') {
      UseMiddleware(requireIdentity)(target, key, descriptor);
    }
  };
}
