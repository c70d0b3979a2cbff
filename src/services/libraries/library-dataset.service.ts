import type { ServiceContext } from '../../context/service-context';
import { UserRoleAssociation } from '../../entities/associations.entity';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import { LibraryDataset, LibraryDatasetDatasetAssociation } from '../../entities/library-dataset.entity';
import { errors } from '../../errors/error-kinds';
import { decodeId } from '../shared';
import type { LibraryDatasetLookup, UndecodableAs } from '../datasets';
import { type LibraryDatasetDetail, readLibraryDatasetDetail } from './library-dataset-view';
import type { LibraryService } from './library.service';
import type { PermissionService } from '../permissions';

export const datasetNotFound = (id: string) => errors.notFound(`The requested library dataset was not found ( ${id} ).`);

/**
 * How an id that cannot be decoded is reported: MalformedId, or ObjectNotFound (the platform's
 * library dataset routes report every lookup failure as not found).
 */
export type { UndecodableAs } from '../datasets';

export type { LibraryDatasetDetail } from './library-dataset-view';

/** Library datasets: show (the caller must access the library and the dataset), versions, delete. */
export class LibraryDatasetService implements LibraryDatasetLookup {
  constructor(private readonly libraries: LibraryService, private readonly permissions: PermissionService) {}

  /** A library dataset the caller may access; an inaccessible one is reported as not found. */
  async findAccessible(ctx: ServiceContext, encodedId: string, undecodable: UndecodableAs = 'malformed', options: { includeDeleted?: boolean } = {}): Promise<LibraryDataset> {
    const ld = await this.load(ctx, encodedId, undecodable);
    if (!ctx.caller.isAdmin && ld.ldda) {
      const libraryOk = await this.libraries.mayAccess(ctx, ld.folder.library);
      const datasetOk = await this.permissions.can(ctx, { type: 'dataset', id: ld.ldda.dataset.id }, PERMISSION_ACTIONS.datasetAccess);
      if (!libraryOk || !datasetOk || (ld.deleted && !options.includeDeleted)) throw datasetNotFound(encodedId);
    }
    return ld;
  }

  /**
   * A library dataset version named the platform's ways, for copies and tool inputs: `ld` names a
   * library dataset (its current version), `ldda` one version; the caller must access it, and a
   * deleted or purged one is refused.
   */
  async findAccessibleVersion(ctx: ServiceContext, src: 'ld' | 'ldda', encodedId: string): Promise<LibraryDatasetDatasetAssociation> {
    let version: LibraryDatasetDatasetAssociation;
    if (src === 'ld') {
      version = (await this.findAccessible(ctx, encodedId)).ldda as LibraryDatasetDatasetAssociation;
    } else {
      const id = decodeId(ctx, encodedId);
      const found = await ctx.em.findOne(LibraryDatasetDatasetAssociation, { id }, { populate: ['dataset', 'libraryDataset'] });
      if (!found) throw errors.notFound(`No LibraryDatasetDatasetAssociation found with id: ${encodedId}`);
      const ld = await this.findAccessible(ctx, ctx.services.ids.encode(found.libraryDataset.id), 'notFound');
      if (ld.deleted) throw datasetNotFound(encodedId);
      version = found;
    }
    if (version.deleted || version.purged) throw errors.notFound(`The library dataset version ( ${encodedId} ) has been deleted.`);
    return version;
  }

  /**
   * A library dataset with its current version, whoever the caller is (the permission routes check
   * the manage right instead of access, as the platform does).
   */
  async load(ctx: ServiceContext, encodedId: string, undecodable: UndecodableAs = 'malformed'): Promise<LibraryDataset> {
    const id = decodeId(ctx, encodedId, undecodable === 'notFound' ? () => datasetNotFound(encodedId) : undefined);
    const ld = await ctx.em.findOne(LibraryDataset, { id }, { populate: ['folder', 'folder.library', 'ldda', 'ldda.dataset', 'ldda.user'] });
    if (!ld || !ld.ldda) throw datasetNotFound(encodedId);
    return ld;
  }

  /**
   * The detail of the library dataset routes, from one statement (an id that cannot be decoded is
   * not found there). As on the platform, a deleted library dataset is still shown (flagged) to
   * those who may access it.
   */
  async detail(ctx: ServiceContext, encodedId: string): Promise<LibraryDatasetDetail> {
    const id = decodeId(ctx, encodedId, () => datasetNotFound(encodedId));
    const detail = await readLibraryDatasetDetail(ctx, id);
    if (!detail) throw datasetNotFound(encodedId);
    return detail;
  }

  /** An expired version of a library dataset (the current version is not one). */
  async version(ctx: ServiceContext, encodedId: string, encodedLddaId: string): Promise<LibraryDatasetDatasetAssociation> {
    const ld = await this.findAccessible(ctx, encodedId, 'notFound', { includeDeleted: true });
    const lddaId = decodeId(ctx, encodedLddaId, () => errors.notFound(`The requested version ( ${encodedLddaId} ) was not found.`));
    const ldda = await ctx.em.findOne(LibraryDatasetDatasetAssociation, { id: lddaId }, { populate: ['dataset'] });
    if (!ldda) throw errors.notFound(`The requested version ( ${encodedLddaId} ) was not found.`);
    if (ldda.libraryDataset.id !== ld.id || ldda.id === ld.ldda?.id) {
      throw errors.notFound(`The requested version ( ${encodedLddaId} ) is not a version of library dataset ${encodedId}.`);
    }
    return ldda;
  }

  /** The caller's private role id, if any. */
  async privateRoleId(ctx: ServiceContext): Promise<number | null> {
    const user = ctx.caller.user;
    if (!user) return null;
    return ctx.memo('caller:privateRole', async () => {
      const link = await ctx.em.findOne(UserRoleAssociation, { user: user.id, role: { type: 'private' } }, { populate: ['role'] });
      return link ? link.role.id : null;
    });
  }
}
