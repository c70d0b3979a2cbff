import type { ServiceContext } from '../../context/service-context';
import { Dataset } from '../../entities/dataset.entity';
import { History } from '../../entities/history.entity';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import { errors } from '../../errors/error-kinds';
import { allocateHids, type HdaService } from '../datasets';
import { historyName, type HistoryService } from '../histories';
import { datasetAccessibleSql, heldRolesCte, libraryAccessibleSql } from '../permissions';
import { decodeId } from '../shared';
import { recalculateDiskUsage } from '../usage';
import { decodeFolderId } from './folder-ids';
import type { FolderService } from './folder.service';
import { createLibraryDatasets } from './ldda-factory';

/** Where library items go: one of the caller's histories, or a new one of theirs by this name. */
export type ImportTarget = { historyId: string } | { newHistoryName: string };

export interface LibraryImportOutcome {
  history: History;
  /** History datasets made. */
  imported: number;
  /** Library datasets chosen (or inside a chosen folder) the caller may not access: left out. */
  skipped: number;
}

/** A library dataset to import: its current version, and whether the caller may access it. */
interface Candidate {
  ldId: number;
  lddaId: number;
  accessible: boolean;
}

/**
 * Bindings: for a non-administrator the held roles' user (twice), then the chosen folders, then the
 * chosen library datasets.
 * The chosen folders and their active subfolders, all the way down (15.05's import of a folder), then
 * their active datasets and the chosen ones, each with whether the caller may access it (its library
 * and its dataset's access roles; administrators: all), in folder then (name, id) order.
 */
const candidatesSql = (admin: boolean) => `with recursive ${admin ? '' : `${heldRolesCte('?')},`}
  tree(id) as (
    select f.id from library_folder f where f.id = any(?::int[]) and not f.deleted
    union
    select c.id from library_folder c join tree t on c.parent_id = t.id where not c.deleted)
  select ld.id as "ldId", a.id as "lddaId", ${admin ? 'true' : `(not l.deleted and ${libraryAccessibleSql('l.id')} and ${datasetAccessibleSql('a.dataset_id')})`} as accessible
    from library_dataset ld
    join library_dataset_dataset_association a on a.id = ld.ldda_id
    join library_folder f on f.id = ld.folder_id
    join library l on l.id = f.library_id
   where not ld.deleted and not a.purged and (ld.id = any(?::int[]) or ld.folder_id in (select id from tree))
   order by f.id, ld.name, ld.id`;

/** Bindings: the user (twice) for a non-administrator, the chosen folders: whether each is an active folder of a library they may access. */
const chosenFoldersSql = (admin: boolean) => `${admin ? '' : `with ${heldRolesCte('?')}`}
  select f.id, ${admin ? 'true' : `(not l.deleted and ${libraryAccessibleSql('l.id')})`} as accessible
    from library_folder f join library l on l.id = f.library_id
   where f.id = any(?::int[]) and not f.deleted`;

/** Bindings: time (twice), history, first hid, versions in order: their history datasets, sharing the files. */
const INSERT_COPIES = `insert into history_dataset_association (create_time, update_time, history_id, dataset_id, hid, name, info, blurb, peek, extension, dbkey, metadata, copied_from_ldda_id)
  select ?, ?, ?, a.dataset_id, ? + o.ord - 1, left(a.name, 255), a.info, a.blurb, a.peek, a.extension, a.dbkey, a.metadata, a.id
    from unnest(?::int[]) with ordinality as o(id, ord) join library_dataset_dataset_association a on a.id = o.id
   order by o.ord`;

/**
 * Library items to histories and back, many at once: importing chosen datasets and folders into a
 * history (one statement reads them all, one writes the copies), and adding history datasets to a
 * folder (one read, one write).
 */
export class LibraryHistoryTransferService {
  constructor(private readonly folders: FolderService, private readonly hdas: HdaService, private readonly histories: HistoryService) {}

  /**
   * Imports the chosen library datasets and every active dataset inside the chosen folders into a
   * history the caller owns (or a new one). A chosen folder that is not there or not accessible, or a
   * chosen dataset that is not there or deleted, is not found; datasets the caller may not access
   * (their library's or their own access roles) are left out and counted.
   */
  async importIntoHistory(ctx: ServiceContext, chosen: { folderIds: readonly string[]; datasetIds: readonly string[] }, target: ImportTarget): Promise<LibraryImportOutcome> {
    const user = ctx.caller.requireUser();
    if (chosen.folderIds.length === 0 && chosen.datasetIds.length === 0) throw errors.missing('Choose datasets or folders to import.');
    const folderIds = chosen.folderIds.map((id) => decodeFolderId(ctx, id));
    const datasetIds = chosen.datasetIds.map((id) => decodeId(ctx, id));
    const admin = ctx.caller.isAdmin;
    return ctx.em.transactional(async (em) => {
      if (folderIds.length > 0) {
        const found = await em.execute<Array<{ id: number; accessible: boolean }>>(chosenFoldersSql(admin), [...(admin ? [] : [user.id, user.id]), `{${folderIds.join(',')}}`]);
        const open = new Set(found.filter((row) => row.accessible).map((row) => Number(row.id)));
        const missing = chosen.folderIds.find((_id, index) => !open.has(folderIds[index]));
        if (missing) throw errors.notFound(`Folder with the id provided ( ${missing} ) was not found`);
      }
      const rows = await em.execute<Candidate[]>(candidatesSql(admin), [...(admin ? [] : [user.id, user.id]), `{${folderIds.join(',')}}`, `{${datasetIds.join(',')}}`]);
      const listed = new Set(rows.map((row) => Number(row.ldId)));
      const gone = chosen.datasetIds.find((_id, index) => !listed.has(datasetIds[index]));
      if (gone) throw errors.notFound(`No library dataset ${gone} (or it is deleted).`);
      const lddaIds = [...new Set(rows.filter((row) => row.accessible).map((row) => Number(row.lddaId)))];
      const skipped = new Set(rows.filter((row) => !row.accessible).map((row) => Number(row.lddaId))).size;
      const history =
        'historyId' in target ? await this.histories.findOwned(ctx, target.historyId) : em.create(History, { user: ctx.requireUserRef(), name: historyName(target.newHistoryName) });
      await em.flush();
      if (lddaIds.length > 0) {
        const firstHid = await allocateHids(em, history.id, lddaIds.length);
        const now = new Date();
        await em.execute(INSERT_COPIES, [now, now, history.id, firstHid, `{${lddaIds.join(',')}}`]);
        await recalculateDiskUsage(em, user.id);
      }
      return { history, imported: lddaIds.length, skipped };
    });
  }

  /**
   * Adds history datasets the caller may read to a folder they may add to, as new library datasets
   * sharing the files (the contract's `from_hda_id`, many at once). Purged datasets are refused.
   */
  async addFromHistory(ctx: ServiceContext, encodedFolderId: string, encodedHdaIds: readonly string[]): Promise<number> {
    ctx.caller.requireUser();
    if (encodedHdaIds.length === 0) throw errors.missing('Choose datasets to add.');
    return ctx.em.transactional(async (em) => {
      const folder = await this.folders.findAccessible(ctx, encodedFolderId);
      if (folder.library.deleted) throw errors.invalidAttribute('You cannot add items to a deleted library.');
      if (!(await this.folders.can(ctx, folder, PERMISSION_ACTIONS.libraryAdd))) {
        throw errors.insufficientPermissions('You are not authorized to add items to this folder.');
      }
      const readable = await this.hdas.readableRows(ctx, [...new Set(encodedHdaIds)]);
      const sources = [...readable.values()];
      const purged = sources.find((hda) => hda.purged || hda.dataset.purged);
      if (purged) throw errors.invalid(`Dataset ${purged.hid}: ${purged.name} is purged: its file is gone.`);
      const user = ctx.userRef();
      await createLibraryDatasets(
        em,
        folder,
        sources.map((hda) => ({
          name: hda.name,
          extension: hda.extension,
          dbkey: hda.dbkey,
          info: hda.info,
          blurb: hda.blurb,
          peek: hda.peek,
          metadata: { ...hda.metadata },
          user,
          // The rows read are not managed: the library versions refer to their datasets by id.
          dataset: em.getReference(Dataset, hda.dataset.id),
          copiedFromHdaId: hda.id,
        })),
        null,
      );
      return sources.length;
    });
  }
}
