import type { ServiceContext } from '../../context/service-context';
import { errors } from '../../errors/error-kinds';
import type { HdcaService, HdcaView } from '../collections';
import { readAccessIn, removeStoredFiles } from '../datasets';
import { type HistoryService, mayChangeHistory } from '../histories';
import type { HistoryMutationService } from '../history-mutations';
import { decodeId } from '../shared';
import { recalculateDiskUsage } from '../usage';
import { changeSelectedRows, checkedOperation } from './bulk-change';
import { type CollectionFromSelection, elementIdentifiersOf } from './selection-collection';
import { copySelectedRows } from './selection-copy';
import { type HistoryItemSelection, idArray, selectedRows } from './selection';
import { quietItemSignals, signalHistoryChanged } from './selection-signals';

/** Where "Copy Datasets" puts the copies: a history the caller may add to, or a new one of this name. */
export interface CopyTarget {
  historyId?: string | null;
  newHistoryName?: string | null;
}

export interface SelectionChangeResult {
  datasets: number;
  collections: number;
  stoppedJobs: number;
}

export interface SelectionCopyResult {
  /** The history the copies went to (new or existing). */
  historyId: number;
  datasets: number;
  collections: number;
}

/**
 * What the history panel does to a selection of items (by id, or everything its filter keeps), each
 * in one request and a few set-based statements: hide, unhide, delete, undelete, purge; copy to
 * another history; build a collection. The rules are REST's: only who may change a history changes
 * its items (owner, administrators); who may read one may copy from it what they may read.
 */
export class HistorySelectionService {
  constructor(
    private readonly histories: HistoryService,
    private readonly historyMutations: HistoryMutationService,
    private readonly hdcas: HdcaService,
  ) {}

  async change(ctx: ServiceContext, encodedHistoryId: string, selection: HistoryItemSelection, operationName: string): Promise<SelectionChangeResult> {
    const operation = checkedOperation(operationName);
    const { result, orphans } = await ctx.em.transactional(async (em) => {
      const history = await this.histories.findOwned(ctx, encodedHistoryId);
      const rows = await selectedRows(ctx, em, history.id, selection);
      await quietItemSignals(em);
      const change = await changeSelectedRows(em, history.id, rows, operation);
      const changed = change.datasets + change.collections;
      if (changed > 0) {
        await em.execute(`update history set update_time = clock_timestamp() where id = ?`, [history.id]);
        if (operation === 'purge' && history.user) await recalculateDiskUsage(em, history.user.id);
        await signalHistoryChanged(em, history.id, changed);
      }
      return { result: { datasets: change.datasets, collections: change.collections, stoppedJobs: change.stoppedJobs }, orphans: change.orphans };
    });
    // Files go only once the purge committed (a rollback never loses data).
    await removeStoredFiles(ctx.services.layout.objects, orphans);
    ctx.services.log.info({ historyId: encodedHistoryId, operation, ...result }, 'history selection changed');
    return result;
  }

  async copy(ctx: ServiceContext, encodedHistoryId: string, selection: HistoryItemSelection, target: CopyTarget): Promise<SelectionCopyResult> {
    const hasTarget = Boolean(target.historyId);
    const hasName = typeof target.newHistoryName === 'string' && target.newHistoryName.trim() !== '';
    if (hasTarget === hasName) throw errors.invalid('Copy to one history: an existing one (historyId) or a new one (newHistoryName).');
    return ctx.em.transactional(async (em) => {
      const source = await this.histories.findReadable(ctx, encodedHistoryId);
      const rows = await selectedRows(ctx, em, source.id, selection);
      const targetHistory = hasTarget ? await this.histories.findOwned(ctx, String(target.historyId)) : await this.historyMutations.create(ctx, target.newHistoryName ?? undefined);
      if (targetHistory.deleted) throw errors.invalidAttribute('Cannot copy into a deleted history.');
      await quietItemSignals(em);
      const reader = mayChangeHistory(ctx.caller, source) || readAccessIn(ctx.caller, source) === 'all' ? ({ access: 'all' } as const) : ({ access: 'roles', userId: ctx.caller.userId } as const);
      const copied = await copySelectedRows(em, rows, targetHistory.id, reader);
      if (targetHistory.user) await recalculateDiskUsage(em, targetHistory.user.id);
      await signalHistoryChanged(em, targetHistory.id, copied.datasets + copied.collections);
      return { historyId: targetHistory.id, ...copied };
    });
  }

  /**
   * Builds a list, a pair or a list of pairs from datasets of a history, through the collection
   * rules of `HdcaService.create` (the same checks as `POST /api/histories/{id}/contents`); with
   * `hideSourceItems` the datasets are hidden in the same transaction (one statement).
   */
  async buildCollection(ctx: ServiceContext, encodedHistoryId: string, input: CollectionFromSelection): Promise<HdcaView> {
    const { collectionType, elementIdentifiers, datasetIds } = elementIdentifiersOf(input);
    return ctx.em.transactional(async (em) => {
      const created = await this.hdcas.create(ctx, encodedHistoryId, { collectionType, elementIdentifiers, name: input.name, copyElements: false });
      if (input.hideSourceItems) {
        await quietItemSignals(em);
        const hidden = await em.execute<Array<{ id: number }>>(
          `update history_dataset_association set visible = false, update_time = now() where history_id = ? and id = any(?::int[]) and visible returning id`,
          [created.history.id, idArray([...new Set(datasetIds.map((id) => decodeId(ctx, id)))])],
        );
        if (hidden.length > 0) await signalHistoryChanged(em, created.history.id, hidden.length);
      }
      return created;
    });
  }
}
