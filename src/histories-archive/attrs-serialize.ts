import type { DatasetArchiveAttrs, HistoryArchiveAttrs, JobArchiveAttrs } from './types';

/**
 * The JSON records written to the archive. Beyond our attrs they carry the keys the platform's
 * own importer indexes without defaults, so archives we write import there too.
 */

export function historyRecord(history: HistoryArchiveAttrs): Record<string, unknown> {
  return {
    name: history.name,
    hid_counter: history.hid_counter,
    genome_build: history.genome_build,
    annotation: history.annotation,
    tags: history.tags,
    create_time: history.create_time,
    update_time: history.update_time,
  };
}

export function datasetRecord(
  attrs: Omit<DatasetArchiveAttrs, 'file_name' | 'exported'>,
  fileName: string,
  exported: boolean,
): Record<string, unknown> {
  return {
    // The platform's encoder tags every dataset record this way.
    __HistoryDatasetAssociation__: true,
    create_time: attrs.create_time,
    update_time: attrs.update_time,
    hid: attrs.hid,
    name: attrs.name,
    // The platform's importer calls info.encode(): null would abort the whole import there.
    info: attrs.info ?? '',
    blurb: attrs.blurb,
    peek: attrs.peek,
    extension: attrs.extension,
    // The platform's importer takes the dbkey from metadata['dbkey'] only.
    metadata: { ...attrs.metadata, dbkey: attrs.dbkey },
    dbkey: attrs.dbkey,
    // Required keys of the platform's importer, meaningless here.
    parent_id: null,
    designation: null,
    deleted: attrs.deleted,
    visible: attrs.visible,
    uuid: attrs.uuid,
    annotation: attrs.annotation,
    tags: attrs.tags,
    file_name: fileName,
    exported,
  };
}

export function jobRecord(job: JobArchiveAttrs): Record<string, unknown> {
  const record: Record<string, unknown> = {
    tool_id: job.tool_id,
    tool_version: job.tool_version,
    params: job.params,
    exit_code: job.exit_code,
    state: job.state,
    create_time: job.create_time,
    update_time: job.update_time,
    input_datasets: job.input_datasets,
    output_datasets: job.output_datasets,
  };
  if (job.input_mapping !== undefined) record.input_mapping = job.input_mapping;
  return record;
}
