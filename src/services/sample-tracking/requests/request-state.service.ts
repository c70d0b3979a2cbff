import type { ServiceContext } from '../../../context/service-context';
import { Request, REQUEST_STATES, RequestEvent } from '../../../entities/request.entity';
import { SampleState } from '../../../entities/request-type.entity';
import { Sample, SampleEvent } from '../../../entities/sample.entity';
import { errors } from '../../../errors/error-kinds';
import { readForm } from '../forms/form-view';
import { emptyRequiredFields } from '../forms/form-values';
import { readRequestTypes, readSampleStates } from '../request-types/request-type-view';
import { readRequest, type RequestView } from './request-view';
import { actorOf, type RequestService } from './request.service';
import { trackingErrors } from '../sample-tracking-errors';
import { readSamplesOf } from '../samples/sample-view';

/** What an update route answers: the platform returns `(status, message)`. */
export interface TrackingUpdate {
  status: number;
  message: string;
  requestId: number | null;
  sampleId: number | null;
}

const UPDATE_TYPES = ['request_state'];

/**
 * A request's state: submitting moves New (or Rejected) to Submitted ('In Progress') and its samples
 * to the type's first state; afterwards the request follows its samples (all in the type's last
 * state: Complete; all in another common state: Submitted; a Complete request whose samples part
 * again goes back to Submitted).
 */
export class RequestStateService {
  constructor(private readonly requests: RequestService) {}

  async submit(ctx: ServiceContext, encodedId: string): Promise<RequestView> {
    const request = await this.requests.visible(ctx, encodedId);
    await ctx.em.transactional(async (em) => {
      await this.lock(ctx, request.id);
      const current = await readRequest(ctx, request.id);
      if (!current) throw trackingErrors.unknownRequest(request.id);
      if (current.state !== REQUEST_STATES.new && current.state !== REQUEST_STATES.rejected) {
        throw trackingErrors.invalid(`The sequencing request ( ${current.name} ) is ${current.state ?? 'without state'}: only a new or rejected request can be submitted.`);
      }
      const samples = await readSamplesOf(ctx, [current.id]);
      if (samples.length === 0) throw trackingErrors.invalid('Add at least 1 sample to this request before submitting.');
      await this.checkRequiredFields(ctx, current, samples);
      const [first] = await readSampleStates(ctx, [current.requestTypeId]);
      if (!first) throw errors.inconsistent('The request type has no sample states.');
      const onBehalf = current.userId !== ctx.caller.userId ? ` on behalf of ${current.userEmail}.` : '';
      em.create(RequestEvent, { request: em.getReference(Request, current.id), state: REQUEST_STATES.submitted, comment: `Sequencing request submitted by ${actorOf(ctx)}${onBehalf}` });
      for (const sample of samples) {
        em.create(SampleEvent, {
          sample: em.getReference(Sample, sample.id),
          sampleState: em.getReference(SampleState, first.id),
          comment: `Sequencing request submitted and sample state set to ${first.name}.`,
        });
      }
      await em.flush();
    });
    return this.requests.show(ctx, encodedId);
  }

  /** An administrator sends a submitted request back to its owner, saying why (it may then be resubmitted). */
  async reject(ctx: ServiceContext, encodedId: string, comment: string | null | undefined): Promise<RequestView> {
    ctx.caller.requireAdmin('You are not authorized to reject sequencing requests.');
    const request = await this.requests.visible(ctx, encodedId);
    const reason = comment?.trim() ?? '';
    if (!reason) throw errors.missingAttribute('A reason for rejecting the request is required.');
    await ctx.em.transactional(async (em) => {
      await this.lock(ctx, request.id);
      const current = await readRequest(ctx, request.id);
      if (current?.state !== REQUEST_STATES.submitted) {
        throw trackingErrors.invalid(`The sequencing request ( ${request.name} ) is ${current?.state ?? 'without state'}: only a submitted request can be rejected.`);
      }
      em.create(RequestEvent, { request: em.getReference(Request, request.id), state: REQUEST_STATES.rejected, comment: `Sequencing request marked rejected by ${actorOf(ctx)}. Reason: ${reason} ` });
      await em.flush();
    });
    return this.requests.show(ctx, encodedId);
  }

  /** PUT /api/requests/{id}: `update_type` request_state makes the request follow its samples. */
  async update(ctx: ServiceContext, encodedId: string, updateType: string | null | undefined): Promise<TrackingUpdate> {
    ctx.caller.requireIdentity();
    if (updateType === undefined || updateType === null) {
      throw errors.missing("Missing required 'update_type' parameter.  Please consult the API documentation for help.");
    }
    if (!UPDATE_TYPES.includes(updateType)) {
      throw errors.invalid(`Invalid value for 'update_type' parameter ( ${updateType} ) specified.  Please consult the API documentation for help.`);
    }
    const request = await this.requests.visible(ctx, encodedId);
    const message = await ctx.em.transactional(() => this.followSamples(ctx, request.id));
    return { status: 200, message, requestId: request.id, sampleId: null };
  }

  /** Records the request's state its samples imply; answers the platform's message. Runs in a transaction. */
  private async followSamples(ctx: ServiceContext, requestId: number): Promise<string> {
    await this.lock(ctx, requestId);
    const request = await readRequest(ctx, requestId);
    if (!request) throw trackingErrors.unknownRequest(requestId);
    const samples = await readSamplesOf(ctx, [requestId]);
    const stateIds = new Set(samples.map((sample) => sample.stateId));
    const common = samples.length > 0 && stateIds.size === 1 && samples[0].stateId !== null ? samples[0] : null;
    const em = ctx.em;
    const record = (state: string, comment: string) => em.create(RequestEvent, { request: em.getReference(Request, requestId), state, comment });
    if (!common) {
      if (request.state !== REQUEST_STATES.complete) return '';
      const message = `At least 1 sample state moved from the final sample state, so now the request's state is (${REQUEST_STATES.submitted})`;
      record(REQUEST_STATES.submitted, message);
      await em.flush();
      return message;
    }
    const states = await readSampleStates(ctx, [request.requestTypeId]);
    const final = states[states.length - 1];
    const comment =
      final && common.stateId === final.id
        ? `All samples of this sequencing request are in the final sample state (${final.name}). `
        : `All samples of this sequencing request are in the (${common.state}) sample state. `;
    record(final && common.stateId === final.id ? REQUEST_STATES.complete : REQUEST_STATES.submitted, comment);
    await em.flush();
    return comment;
  }

  /** The required fields of the request form and of each sample's form must be filled in. */
  private async checkRequiredFields(ctx: ServiceContext, request: RequestView, samples: Array<{ name: string; values: Record<string, unknown> }>): Promise<void> {
    const [type] = await readRequestTypes(ctx, [request.requestTypeId]);
    if (!type) throw errors.inconsistent('The request type of the request is missing.');
    const [requestForm, sampleForm] = await Promise.all([readForm(ctx, type.requestFormId), readForm(ctx, type.sampleFormId)]);
    const emptyRequest = emptyRequiredFields(requestForm?.fields ?? [], request.values);
    if (emptyRequest.length > 0) throw trackingErrors.invalid(`Complete the following fields of the request before submitting: ${emptyRequest.join(', ')}`);
    for (const sample of samples) {
      const empty = emptyRequiredFields(sampleForm?.fields ?? [], sample.values);
      if (empty.length > 0) throw trackingErrors.invalid(`Complete the following fields of the sample ( ${sample.name} ) before submitting: ${empty.join(', ')}`);
    }
  }

  /** Serialises the state changes of one request (two submissions or updates at once). */
  private async lock(ctx: ServiceContext, requestId: number): Promise<void> {
    await ctx.em.execute('select id from request where id = ? for update', [requestId]);
  }
}
