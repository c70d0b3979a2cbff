import type { IncomingMessage, Server } from 'node:http';
import { parse as parseCookies } from 'cookie';
import { type ExecutionArgs, GraphQLError, type GraphQLSchema } from 'graphql';
import type { Context } from 'graphql-ws';
import { type Extra, useServer } from 'graphql-ws/use/ws';
import { WebSocket, WebSocketServer } from 'ws';
import { CLOSE_FORBIDDEN, CLOSE_UNCHECKED, type Connection, ConnectionCallers } from '../../auth/connection-callers';
import type { Credentials } from '../../auth/identity.service';
import type { AppServices } from '../../context/app-services';
import { RequestContext } from '../../context/request-context';
import { AppError } from '../../errors/error-kinds';
import { SESSION_COOKIE } from '../../http/credentials';
import { rejectNulText } from '../../http/text-guard';
import { formatGraphQLError } from './format-error';
import { checkOperation, MAX_MESSAGE_BYTES } from './operation-rules';
import { refusal } from './refusal';
import { originCheck } from './socket-origin';

type ConnectionParams = Record<string, unknown> | undefined;
type SocketContext = Context<ConnectionParams, Extra>;

/** What a WebSocket connection authenticates with: `connectionParams.key`, or the session cookie of its upgrade request. */
function credentialsOf(request: IncomingMessage, params: ConnectionParams): Credentials {
  const key = params?.key ?? params?.apiKey;
  const credentials = { apiKey: typeof key === 'string' ? key : undefined, sessionCookie: parseCookies(request.headers.cookie ?? '')[SESSION_COOKIE] };
  rejectNulText(credentials.apiKey, credentials.sessionCookie);
  return credentials;
}

const closer = (socket: WebSocket) => (code: number, reason: string) => {
  if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close(code, reason);
};

/**
 * The graph's WebSocket door at /graphql (graphql-ws; queries and mutations as well as
 * subscriptions), on the same HTTP server as the rest, under the rules of the HTTP door
 * (operation-rules.ts): an upgrade from a foreign page is refused (403), each operation is parsed,
 * validated and checked as over HTTP, errors are formatted (and unexpected ones masked) alike. The
 * caller is checked again for each operation, and a connection whose credentials end (sign-out, a
 * new key, the user deleted: in any process) is closed with 4403. Answers a function that closes
 * every connection.
 */
export function attachSubscriptions(
  server: Server,
  schema: GraphQLSchema,
  services: AppServices,
  /** The client address of an upgrade request, by TRUST_PROXY's rule (the sign-in limits count it). */
  clientAddressOf: (request: IncomingMessage) => string | null = (request) => request.socket.remoteAddress ?? null,
): () => Promise<void> {
  const sockets = new WebSocketServer({ server, path: '/graphql', maxPayload: MAX_MESSAGE_BYTES, verifyClient: originCheck(services.config.allowedOrigins, services.log) });
  const format = formatGraphQLError(services.log);
  const callers = new ConnectionCallers(services.identity, services.db.signals, services.log);
  const connections = new WeakMap<SocketContext, Connection>();

  const operationOf = async (ctx: SocketContext, payload: { query: string; operationName?: string | null; variables?: Record<string, unknown> | null }): Promise<ExecutionArgs | GraphQLError[]> => {
    const connection = connections.get(ctx);
    const caller = connection ? await callers.current(connection) : null;
    if (!caller) return [refusal('AuthenticationRequired', 'The credentials of this connection no longer hold; connect again.')];
    const checked = checkOperation(schema, payload, caller);
    if (Array.isArray(checked)) return checked;
    const context = new RequestContext(() => services.db.orm.em.fork({ useContext: true }), caller, services, services.log, undefined, ctx.extra.request.headers.host ?? null, clientAddressOf(ctx.extra.request));
    return { schema, document: checked.document, operationName: payload.operationName, variableValues: payload.variables, contextValue: context };
  };

  const cleanup = useServer<ConnectionParams>(
    {
      schema,
      // Error texts of failures are never sent as close reasons.
      isProd: true,
      onConnect: async (ctx) => {
        try {
          connections.set(ctx, await callers.open(credentialsOf(ctx.extra.request, ctx.connectionParams), closer(ctx.extra.socket)));
          return true;
        } catch (error) {
          if (error instanceof AppError) {
            ctx.extra.socket.close(CLOSE_FORBIDDEN, error.message.slice(0, 120));
          } else {
            services.log.error({ err: error }, 'could not resolve the caller of a WebSocket connection');
            ctx.extra.socket.close(CLOSE_UNCHECKED, 'The credentials could not be checked; connect again.');
          }
          return false;
        }
      },
      onSubscribe: async (ctx, _id, payload) => {
        try {
          return await operationOf(ctx, payload);
        } catch (error) {
          // Formatted (and masked) as every unexpected failure is.
          return [refusalOfFailure(error)];
        }
      },
      onClose: (ctx) => {
        const connection = connections.get(ctx);
        if (connection) callers.forget(connection);
      },
      // Errors carry the contract's kind, as over HTTP; unexpected failures are logged and masked.
      onError: (_ctx, _id, _payload, errors) => errors.map((error) => format(error.toJSON(), error)),
      onNext: (_ctx, _id, _payload, _args, result) => (result.errors ? { ...result, errors: result.errors.map((error) => format(error.toJSON(), error)) } : result),
    },
    sockets,
  );
  // A socket's own errors (a message over maxPayload, a malformed frame) are logged here, through the
  // service's log, not printed by graphql-ws on the console; ws itself closes the socket with the
  // matching code (1009 for a message too big, 1002 for a protocol error).
  sockets.on('connection', (socket) => {
    socket.removeAllListeners('error');
    socket.on('error', (error: Error & { code?: string }) => services.log.info({ code: error.code, reason: error.message }, 'WebSocket connection closed on a bad frame'));
  });
  return async () => {
    callers.dispose();
    await cleanup.dispose();
  };
}

/** An exception of the door itself (the database failed while checking the caller), as a GraphQL error the formatter logs and masks. */
function refusalOfFailure(error: unknown): GraphQLError {
  if (error instanceof AppError) return refusal(error.kind, error.message);
  const original = error instanceof Error ? error : new Error(String(error));
  return new GraphQLError(original.message, { originalError: original });
}
