import type { ServiceContext } from '../../../context/service-context';
import { FormDefinition } from '../../../entities/form-definition.entity';
import { ExternalService, SampleState } from '../../../entities/request-type.entity';
import { Sample, SampleDataset, SampleEvent, TRANSFER_STATUSES, type TransferStatus } from '../../../entities/sample.entity';
import { callerText } from '../../../errors/caller-text';
import { errors } from '../../../errors/error-kinds';
import { stringAsBool } from '../../../format/booleans';
import { decodeId } from '../../shared';
import { readForm } from '../forms/form-view';
import type { TrackingUpdate } from '../requests/request-state.service';
import { readRequestTypes, readSampleStates } from '../request-types/request-type-view';
import { readRequest } from '../requests/request-view';
import { trackingErrors } from '../sample-tracking-errors';
import { readSample, readSampleDatasets, type SampleDatasetView, type SampleView } from './sample-view';

/** PUT /api/samples/{id}: the update type and what each one reads. */
export interface SampleUpdateInput {
  updateType?: string | null;
  newState?: string | null;
  comment?: string | null;
  sampleDatasetIds?: string[] | null;
  newStatus?: string | null;
  errorMsg?: string | null;
  deferredPlugin?: string | null;
  /** Values of the run-details form's fields, by field name. */
  runDetails?: Record<string, unknown> | null;
}

export interface SampleDatasetInput {
  name?: string | null;
  filePath?: string | null;
  size?: string | null;
  externalServiceId?: string | null;
}

const UPDATE_TYPES = ['sample_state', 'run_details', 'sample_dataset_transfer_status'];

const invalidSampleDataset = (value: unknown) => errors.invalid(`Invalid sample dataset id ( ${String(value)} ) specified.`);

/**
 * What administrators change on a sample: its state (an event with the optional comment), its run
 * details (the run-details form of the sample or its request type), and the transfer status of its
 * datasets; and the datasets themselves, as they appear on the sequencer.
 */
export class SampleUpdateService {
  async update(ctx: ServiceContext, encodedId: string, input: SampleUpdateInput): Promise<TrackingUpdate> {
    ctx.caller.requireAdmin('You are not authorized to update samples.');
    const updateType = input.updateType;
    if (updateType === undefined || updateType === null) throw errors.missing("Missing required 'update_type' parameter, consult the API documentation for help.");
    if (!UPDATE_TYPES.includes(updateType)) throw errors.invalid(`Invalid value for 'update_type' parameter (${updateType}) specified, consult the API documentation for help.`);
    const sample = await this.find(ctx, encodedId);
    const message =
      updateType === 'sample_state'
        ? await this.setState(ctx, sample, input)
        : updateType === 'run_details'
          ? await this.setRunDetails(ctx, sample, input)
          : await this.setTransferStatus(ctx, sample, input);
    return { status: 200, message, requestId: sample.requestId, sampleId: sample.id };
  }

  async addDatasets(ctx: ServiceContext, encodedSampleId: string, inputs: readonly SampleDatasetInput[]): Promise<SampleDatasetView[]> {
    ctx.caller.requireAdmin('You are not authorized to add datasets to samples.');
    const sample = await this.find(ctx, encodedSampleId);
    const created = await ctx.em.transactional(async (em) => {
      const rows: SampleDataset[] = [];
      for (const input of inputs) {
        const name = input.name?.trim() ?? '';
        if (!name) throw errors.missingAttribute('Enter the name of the sample dataset.');
        let externalService: ExternalService | null = null;
        if (input.externalServiceId) {
          externalService = await em.findOne(ExternalService, { id: decodeId(ctx, input.externalServiceId, trackingErrors.malformed('external service')) });
          if (!externalService) throw trackingErrors.unknown('external service', input.externalServiceId);
        }
        rows.push(em.create(SampleDataset, { sample: em.getReference(Sample, sample.id), name, filePath: input.filePath ?? '', size: input.size ?? '', externalService }));
      }
      await em.flush();
      return new Set(rows.map((row) => row.id));
    });
    return (await readSampleDatasets(ctx, [sample.id])).filter((dataset) => created.has(dataset.id));
  }

  private async find(ctx: ServiceContext, encodedId: string): Promise<SampleView> {
    const id = decodeId(ctx, encodedId, (value) => errors.malformedId(`Malformed sample_id (${String(value)}) specified, unable to decode.`, { id: String(value) }));
    const sample = await readSample(ctx, id);
    if (!sample) throw errors.invalid(`Invalid sample id ( ${encodedId} ) specified.`);
    return sample;
  }

  /** A new event in the named state of the sample's request type; the comment is recorded as given. */
  private async setState(ctx: ServiceContext, sample: SampleView, input: SampleUpdateInput): Promise<string> {
    if (input.newState === undefined || input.newState === null) throw errors.missing("Missing required parameter: 'new_state'.");
    const request = await readRequest(ctx, sample.requestId);
    const states = request ? await readSampleStates(ctx, [request.requestTypeId]) : [];
    const state = states.filter((candidate) => candidate.name === input.newState).pop();
    if (!state) throw errors.invalid(`Invalid sample state requested ( ${input.newState} ).`);
    const em = ctx.em;
    em.create(SampleEvent, { sample: em.getReference(Sample, sample.id), sampleState: em.getReference(SampleState, state.id), comment: input.comment ?? '' });
    await em.flush();
    return 'Done';
  }

  /** Fills the run-details form (the sample's own, else its request type's); without one nothing is recorded. */
  private async setRunDetails(ctx: ServiceContext, sample: SampleView, input: SampleUpdateInput): Promise<string> {
    if (input.deferredPlugin) ctx.log.warn({ plugin: input.deferredPlugin, sampleId: sample.id }, 'run details name a deferred job plugin; none is configured, so no deferred job is created');
    let templateId = sample.runDetailsFormId;
    if (templateId === null) {
      const request = await readRequest(ctx, sample.requestId);
      const [type] = request ? await readRequestTypes(ctx, [request.requestTypeId]) : [];
      templateId = type?.runDetailsFormId ?? null;
    }
    const template = templateId === null ? null : await readForm(ctx, templateId);
    if (template) {
      const given = input.runDetails ?? {};
      const contents: Record<string, unknown> = {};
      for (const field of template.fields) {
        const value = given[field.name];
        // A form field holds text: a list or an object is the caller's mistake (the platform failed on it).
        if (typeof value === 'object' && value !== null) throw errors.invalid(`Invalid value for the run details field '${callerText(field.name)}': text is expected.`);
        contents[field.name] = field.type === 'CheckboxField' ? stringAsBool(value) : value === undefined || value === null ? '' : String(value);
      }
      const em = ctx.em;
      await em.nativeUpdate(Sample, { id: sample.id }, { runDetailsForm: em.getReference(FormDefinition, template.id), runDetails: { ...sample.runDetails, ...contents }, updateTime: new Date() });
    }
    return 'The information has been updated.';
  }

  /** Every listed dataset of this sample moves to the new status, or none does. */
  private async setTransferStatus(ctx: ServiceContext, sample: SampleView, input: SampleUpdateInput): Promise<string> {
    const ids = input.sampleDatasetIds;
    if (!ids || ids.length === 0 || input.newStatus === undefined || input.newStatus === null) {
      throw errors.missing("Missing one or more required parameters: 'sample_dataset_ids' and 'new_status'.");
    }
    const status = input.newStatus;
    if (!(TRANSFER_STATUSES as readonly string[]).includes(status)) throw errors.invalid(`The requested transfer status ( ${status} ) is not a valid transfer status.`);
    const decoded = ids.map((id) => decodeId(ctx, id, invalidSampleDataset));
    const ofSample = new Set((await readSampleDatasets(ctx, [sample.id])).map((dataset) => dataset.id));
    decoded.forEach((id, index) => {
      if (!ofSample.has(id)) throw invalidSampleDataset(ids[index]);
    });
    await ctx.em.nativeUpdate(SampleDataset, { id: { $in: decoded } }, { status: status as TransferStatus, errorMsg: input.errorMsg ?? '', updateTime: new Date() });
    return 'Done';
  }
}
