import { existsSync } from 'node:fs';
import type { ContextWith, ServiceContext } from '../../context/service-context';
import { DEFAULT_MIMETYPE, loadDatatypesRegistry } from '../../datatypes';
import { AppError, errors } from '../../errors/error-kinds';
import { mayReadDataset } from './dataset-access';
import type { HdaInHistoryView, HdaSummaryView } from './hda-view';
import type { HdaService } from './hda.service';

/** The file behind a history dataset and how to serve it (the display and download routes). */
export interface DatasetFile {
  path: string;
  mimetype: string;
  /** Download name without extension: Galaxy<hid>-[<name>]. */
  filename: string;
  extension: string;
}

/** States whose file may be served. */
const SERVABLE_STATES = ['ok', 'empty', 'error', 'failed_metadata'];

/**
 * The file of a dataset read with its access facts: refused (as `readable` refuses) to a caller who
 * may not read it, not found once purged, and "not ready" until the job wrote it.
 */
export function datasetFileOf(ctx: ServiceContext, hda: HdaInHistoryView): DatasetFile {
  if (!mayReadDataset(ctx.caller, hda)) throw errors.notAccessible('Dataset is not accessible by the current user');
  const path = ctx.services.layout.objects.pathOf(hda.dataset);
  if (hda.purged || hda.dataset.purged) throw errors.notFound('The dataset has been purged.');
  if (!SERVABLE_STATES.includes(hda.dataset.state) || !existsSync(path)) {
    throw new AppError('MessageException', `The dataset is not ready (state: ${hda.dataset.state}).`);
  }
  const registry = loadDatatypesRegistry();
  const configured = registry.mimetype(hda.extension);
  const mimetype = configured === DEFAULT_MIMETYPE && registry.derivesFromClass(hda.extension, 'galaxy.datatypes.data.Text') ? 'text/plain' : configured;
  const filename = `Galaxy${hda.hid}-[${hda.name.replace(/[^A-Za-z0-9 ._-]+/g, '_')}]`;
  return { path, mimetype, filename, extension: hda.extension };
}

/** A call that reads a dataset by id when the view in hand lacks its access facts. */
export type DatasetReadContext = ContextWith<{ hdas: HdaService }>;

const withAccessFacts = (view: HdaSummaryView): view is HdaInHistoryView => 'datasetAccessible' in view;

/**
 * The file of a dataset the graph already read, checked exactly as the display route checks it: a
 * dataset read by id carries its access facts (no statement more); one read through a listing (which
 * follows its history's rules) is read again by id, as the display route reads it.
 */
export async function readableDatasetFile(ctx: DatasetReadContext, view: HdaSummaryView, encodedId: string): Promise<DatasetFile> {
  return datasetFileOf(ctx, withAccessFacts(view) ? view : await ctx.services.hdas.readable(ctx, encodedId));
}
