import type { IncomingMessage, Server } from 'node:http';
import { parse as parseCookies } from 'cookie';
import { type GraphQLSchema } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { Credentials } from '../../auth/identity.service';
import type { AppServices } from '../../context/app-services';
import { RequestContext } from '../../context/request-context';
import { AppError } from '../../errors/error-kinds';
import { SESSION_COOKIE } from '../../http/credentials';
import { formatGraphQLError } from './format-error';

/** What a WebSocket connection authenticates with: the session cookie of its upgrade request, or `connectionParams.key`. */
function credentialsOf(request: IncomingMessage, params: Readonly<Record<string, unknown>> | undefined): Credentials {
  const key = params?.key ?? params?.apiKey;
  return { apiKey: typeof key === 'string' ? key : undefined, sessionCookie: parseCookies(request.headers.cookie ?? '')[SESSION_COOKIE] };
}

/**
 * GraphQL subscriptions over WebSocket (graphql-ws) at /graphql, on the same HTTP server as the rest:
 * the caller is resolved once per connection (a refused key closes it with 4403), each operation
 * runs with a context of its own. Answers a function that closes every connection.
 */
export function attachSubscriptions(server: Server, schema: GraphQLSchema, services: AppServices): () => Promise<void> {
  const sockets = new WebSocketServer({ server, path: '/graphql' });
  const format = formatGraphQLError(services.log);
  const callers = new WeakMap<object, Awaited<ReturnType<AppServices['identity']['resolve']>>>();
  const cleanup = useServer<Record<string, unknown> | undefined, { request: IncomingMessage }>(
    {
      schema,
      onConnect: async (ctx) => {
        try {
          callers.set(ctx, await services.identity.resolve(credentialsOf(ctx.extra.request, ctx.connectionParams)));
          return true;
        } catch (error) {
          if (error instanceof AppError) ctx.extra.socket.close(CloseCode.Forbidden, error.message.slice(0, 120));
          return false;
        }
      },
      context: (ctx) => {
        const caller = callers.get(ctx);
        if (!caller) throw new AppError('AuthenticationRequired', 'The connection has no caller.');
        return new RequestContext(() => services.db.orm.em.fork({ useContext: true }), caller, services, services.log, undefined, ctx.extra.request.headers.host ?? null);
      },
      // Errors carry the contract's kind, as over HTTP; unexpected failures are logged and masked.
      onError: (_ctx, _id, _payload, errors) => errors.map((error) => format(error.toJSON(), error)),
      onNext: (_ctx, _id, _payload, _args, result) => (result.errors ? { ...result, errors: result.errors.map((error) => format(error.toJSON(), error)) } : result),
    },
    sockets,
  );
  return async () => {
    await cleanup.dispose();
    await new Promise<void>((resolve) => sockets.close(() => resolve()));
  };
}
