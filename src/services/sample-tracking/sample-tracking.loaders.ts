import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
import type { ServiceContext } from '../../context/service-context';
import { type FormView, readFormVersions, readForms } from './forms/form-view';
import { type ExternalServiceView, readRequestTypes, readSampleStates, readServicesOfTypes, type RequestTypeView, type SampleStateView } from './request-types/request-type-view';
import { readRequestEvents, readRequests, readSampleCounts, type RequestEventView, type RequestView } from './requests/request-view';
import { readSampleDatasets, readSampleEvents, readSamples, readSamplesOf, type SampleDatasetView, type SampleEventView, type SampleView } from './samples/sample-view';

type Read<T> = (ctx: ServiceContext, ids: readonly number[]) => Promise<T[]>;

/** Rows by their own id: one statement per batch. */
function byId<T extends { id: number }>(read: Read<T>): LoaderFactory<number, T | null> {
  return (ctx) =>
    new DataLoader(async (ids) => {
      const rows = new Map((await read(ctx, ids)).map((row) => [row.id, row]));
      return ids.map((id) => rows.get(id) ?? null);
    });
}

/** Rows grouped under a parent id, in the statement's order: one statement per batch. */
function byParent<T>(read: Read<T>, parentOf: (row: T) => number): LoaderFactory<number, T[]> {
  return (ctx) =>
    new DataLoader(async (ids) => {
      const groups = new Map<number, T[]>(ids.map((id) => [id, []]));
      for (const row of await read(ctx, ids)) groups.get(parentOf(row))?.push(row);
      return ids.map((id) => groups.get(id) ?? []);
    });
}

export const formById = byId<FormView>(readForms);
export const formVersionsByCurrentId = byParent<FormView>(readFormVersions, (form) => form.formDefinitionCurrentId);
export const requestTypeById = byId<RequestTypeView>(readRequestTypes);
export const statesByRequestTypeId = byParent<SampleStateView>(readSampleStates, (state) => state.requestTypeId);
export const servicesByRequestTypeId = byParent<ExternalServiceView & { requestTypeId: number }>(readServicesOfTypes, (service) => service.requestTypeId);
export const requestById = byId<RequestView>(readRequests);
/** Samples per request, for listings (a single request reads its count with itself). */
export const sampleCountByRequestId: LoaderFactory<number, number> = (ctx) =>
  new DataLoader(async (ids) => {
    const counts = await readSampleCounts(ctx, ids);
    return ids.map((id) => counts.get(id) ?? 0);
  });
export const eventsByRequestId = byParent<RequestEventView>(readRequestEvents, (event) => event.requestId);
export const sampleById = byId<SampleView>(readSamples);
export const samplesByRequestId = byParent<SampleView>(readSamplesOf, (sample) => sample.requestId);
export const eventsBySampleId = byParent<SampleEventView>(readSampleEvents, (event) => event.sampleId);
export const datasetsBySampleId = byParent<SampleDatasetView>(readSampleDatasets, (dataset) => dataset.sampleId);
