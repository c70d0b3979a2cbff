import type { ServiceContext } from '../../context/service-context';
import type { LibraryDataset, LibraryDatasetDatasetAssociation } from '../../entities/library-dataset.entity';

/** How an id that does not decode is answered: as malformed (400) or as not found (404). */
export type UndecodableAs = 'malformed' | 'notFound';

/**
 * What the areas below the libraries ask of them: a library dataset (or one version of it) the
 * caller may access, and the caller's private role. The libraries area implements it
 * (LibraryDatasetService) and sits above the datasets area, so datasets, collections, tools, jobs
 * and workflow runs name this interface rather than the libraries' service.
 */
export interface LibraryDatasetLookup {
  findAccessible(ctx: ServiceContext, encodedId: string, undecodable?: UndecodableAs, options?: { includeDeleted?: boolean }): Promise<LibraryDataset>;
  findAccessibleVersion(ctx: ServiceContext, src: 'ld' | 'ldda', encodedId: string): Promise<LibraryDatasetDatasetAssociation>;
  privateRoleId(ctx: ServiceContext): Promise<number | null>;
}
