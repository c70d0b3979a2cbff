import type { ServiceContext } from '../../../context/service-context';
import { Request, REQUEST_STATES, RequestEvent } from '../../../entities/request.entity';
import { RequestType } from '../../../entities/request-type.entity';
import { errors } from '../../../errors/error-kinds';
import { decodeId } from '../../shared';
import { readForm } from '../forms/form-view';
import { formValues } from '../forms/form-values';
import { readRequestTypeFor } from '../request-types/request-type-view';
import { listRequests, readRequest, type RequestView } from './request-view';
import { trackingErrors } from '../sample-tracking-errors';

export interface RequestInput {
  requestTypeId?: string | null;
  name?: string | null;
  description?: string | null;
  values?: unknown;
}

const malformedRequest = trackingErrors.malformed('request');
const malformedType = trackingErrors.malformed('request type');

/** Who did it, for event comments: the caller's email (the master key has none). */
export const actorOf = (ctx: ServiceContext) => ctx.caller.user?.email ?? 'an administrator (master API key)';

/**
 * Sequencing requests: administrators see every request, others only their own; a request owned by
 * someone else looks unknown (the platform's 400). Users create requests on the types they may
 * access, filling in the type's request form.
 */
export class RequestService {
  list(ctx: ServiceContext): Promise<RequestView[]> {
    ctx.caller.requireIdentity();
    return listRequests(ctx, ctx.caller.isAdmin, ctx.caller.userId);
  }

  show(ctx: ServiceContext, encodedId: string): Promise<RequestView> {
    return this.visible(ctx, encodedId);
  }

  /** The request if the caller owns it or is an administrator; otherwise (or unknown) the platform's 400. */
  async visible(ctx: ServiceContext, encodedId: string): Promise<RequestView> {
    const id = this.decode(ctx, encodedId);
    const request = await readRequest(ctx, id);
    if (!request) throw trackingErrors.unknownRequest(id);
    this.checkVisible(ctx, id, request.userId);
    return request;
  }

  /** Decodes a request id (any identity first). */
  decode(ctx: ServiceContext, encodedId: string): number {
    ctx.caller.requireIdentity();
    return decodeId(ctx, encodedId, malformedRequest);
  }

  /** The read rule: its owner and administrators; anyone else (or no such request, ownerId null) gets the platform's 400. */
  checkVisible(ctx: ServiceContext, requestId: number, ownerId: number | null): void {
    if (ownerId === null || !(ctx.caller.isAdmin || ownerId === ctx.caller.userId)) throw trackingErrors.unknownRequest(requestId);
  }

  /** A new request of the caller's, in state New, with the request form's values. */
  async create(ctx: ServiceContext, input: RequestInput): Promise<RequestView> {
    const user = ctx.caller.requireUser();
    if (!input.requestTypeId) throw trackingErrors.missingParameter('request_type_id');
    const type = await readRequestTypeFor(ctx, decodeId(ctx, input.requestTypeId, malformedType));
    if (!type || type.deleted) throw trackingErrors.unknown('request_type', input.requestTypeId);
    if (!type.accessible) throw errors.notAccessible(`${user.email} does not have access permission to the "${type.name}" request type.`);
    const name = input.name?.trim() ?? '';
    if (!name) throw errors.missingAttribute('Enter the name of the request.');
    const form = await readForm(ctx, type.requestFormId);
    if (!form) throw errors.inconsistent(`The request form of the request type ( ${type.name} ) is missing.`);
    const values = formValues(form, input.values);
    const id = await ctx.em.transactional(async (em) => {
      const request = em.create(Request, { name, desc: input.description ?? '', values, requestType: em.getReference(RequestType, type.id), user: ctx.requireUserRef() });
      em.create(RequestEvent, { request, state: REQUEST_STATES.new, comment: `Sequencing request created by ${user.email}` });
      await em.flush();
      return request.id;
    });
    const created = await readRequest(ctx, id);
    if (!created) throw trackingErrors.unknownRequest(id);
    return created;
  }
}
