import type { EntityManager } from '@mikro-orm/postgresql';
import { existsSync } from 'node:fs';
import { loadDatatypesRegistry, sniffFile } from '../../datatypes';
import type { HistoryDatasetAssociation } from '../../entities/hda.entity';
import { FINISHED_JOB_STATES } from '../../entities/job.entity';
import { AppError, errors } from '../../errors/error-kinds';
import { describeStoredFile } from '../../jobs/dataset-finalize';
import type { ObjectStore } from '../../storage/object-store';

/**
 * The platform's datatypes whose class says `allow_datatype_change = False` (the strict BED types and
 * those deriving from them): a dataset is never changed to or from them by hand.
 */
const FIXED_DATATYPE_CLASS = 'galaxy.datatypes.interval.BedStrict';

/** Reads the datatype a user asked for: a known extension, and a change the platform allows. */
export function checkedDatatype(from: string, requested: unknown): string {
  if (typeof requested !== 'string' || !requested.trim()) throw errors.missing('A datatype (extension) is required.');
  const to = requested.trim();
  const registry = loadDatatypesRegistry();
  if (!registry.isKnown(to)) throw errors.invalid(`Unknown datatype: ${to}`, { parameter: 'datatype' });
  const fixed = (extension: string) => registry.isKnown(extension) && registry.derivesFromClass(extension, FIXED_DATATYPE_CLASS);
  if (fixed(from) || fixed(to)) {
    throw errors.invalid(`You are unable to change datatypes in this manner. Changing ${from} to ${to} is not allowed.`, { parameter: 'datatype' });
  }
  return to;
}

/**
 * As the platform's dataset attributes form: a dataset that a job still reads or writes (any state
 * but finished) keeps its datatype until those jobs are over.
 */
export async function refuseWhileJobsUseIt(em: EntityManager, hdaId: number): Promise<void> {
  const rows = await em.execute<Array<{ id: number }>>(
    `select j.id from job j
      where j.state not in (${FINISHED_JOB_STATES.map(() => '?').join(', ')})
        and (exists (select 1 from job_to_input_dataset i where i.job_id = j.id and i.hda_id = ?)
          or exists (select 1 from job_to_output_dataset o where o.job_id = j.id and o.hda_id = ?))
      limit 1`,
    [...FINISHED_JOB_STATES, hdaId, hdaId],
  );
  if (rows.length > 0) {
    throw new AppError('Conflict', 'This dataset is currently being used as input or output. You cannot change datatype until the jobs have completed or you have canceled them.');
  }
}

/**
 * Gives the dataset its new datatype; a dataset whose file is there has its metadata, peek and blurb
 * read again from the file as the new type reads it (the platform runs its set-metadata tool).
 */
export async function applyDatatype(hda: HistoryDatasetAssociation, extension: string, store: ObjectStore): Promise<void> {
  if (hda.purged || hda.dataset.purged) throw errors.invalidAttribute('The dataset has been purged: its datatype cannot change.', { key: 'datatype' });
  hda.extension = extension;
  const path = store.pathOf(hda.dataset);
  if (['ok', 'failed_metadata'].includes(hda.dataset.state) && existsSync(path)) await describeStoredFile(hda, path, hda.dataset.fileSize ?? 0);
}

/**
 * The datatype the file's content says (the upload's own sniffers: the attributes form's
 * "auto-detect"): only a dataset whose file is written (state ok or failed_metadata).
 */
export async function sniffedDatatype(hda: HistoryDatasetAssociation, store: ObjectStore): Promise<string> {
  if (hda.purged || hda.dataset.purged) throw errors.invalidAttribute('The dataset has been purged: its datatype cannot be detected.', { key: 'datatype' });
  const path = store.pathOf(hda.dataset);
  if (!['ok', 'failed_metadata'].includes(hda.dataset.state) || !existsSync(path)) {
    throw new AppError('Conflict', `The dataset is ${hda.dataset.state}: its datatype can be detected once its file is written.`);
  }
  return sniffFile(path);
}
