import type { ServiceContext } from '../../../context/service-context';
import { sql } from '../../../db/sql/sql-statement';
import { Request, REQUEST_STATES } from '../../../entities/request.entity';
import { LibraryFolder } from '../../../entities/library-folder.entity';
import { Library } from '../../../entities/library.entity';
import { Sample } from '../../../entities/sample.entity';
import { errors } from '../../../errors/error-kinds';
import { decodeFolderId } from '../../libraries';
import { heldRolesCte, libraryAccessibleSql } from '../../permissions';
import { decodeId } from '../../shared';
import { readForm } from '../forms/form-view';
import { formValues } from '../forms/form-values';
import { readRequestTypes } from '../request-types/request-type-view';
import type { RequestView } from '../requests/request-view';
import type { RequestService } from '../requests/request.service';
import { trackingErrors } from '../sample-tracking-errors';
import { readRequestSamples, readSamples, readSamplesOf, type SampleView } from './sample-view';

export interface SampleInput {
  name?: string | null;
  description?: string | null;
  values?: unknown;
  /** The data library and folder ('F' + encoded id) the sample's datasets go to. */
  libraryId?: string | null;
  folderId?: string | null;
}

/** The destination of a sample's datasets: the library must be one the request's owner may access. */
const DESTINATION = sql<{ deleted: boolean; accessible: boolean; folderLibraryId: number | null; folderDeleted: boolean | null }>(
  'sample_destination',
  `with ${heldRolesCte('$2')}
   select l.deleted, ${libraryAccessibleSql('l.id')} as accessible,
          (select f.library_id from library_folder f where f.id = $3) as "folderLibraryId",
          (select f.deleted from library_folder f where f.id = $3) as "folderDeleted"
   from library l where l.id = $1`,
);

/**
 * The samples of a request: listed to whoever may see the request; added by its owner (or an
 * administrator) while the request is new or rejected, each with a unique name, the sample form's
 * values and optionally the library folder its datasets go to.
 */
export class SampleService {
  constructor(private readonly requests: RequestService) {}

  /** One statement: the samples and the owner the read rule needs (their states only when `withState`). */
  async list(ctx: ServiceContext, encodedRequestId: string, withState = true): Promise<SampleView[]> {
    const requestId = this.requests.decode(ctx, encodedRequestId);
    const { ownerId, samples } = await readRequestSamples(ctx, requestId, withState);
    this.requests.checkVisible(ctx, requestId, ownerId);
    return samples;
  }

  async add(ctx: ServiceContext, encodedRequestId: string, inputs: readonly SampleInput[]): Promise<SampleView[]> {
    const request = await this.requests.visible(ctx, encodedRequestId);
    const ids = await ctx.em.transactional(async (em) => {
      await em.execute('select id from request where id = ? for update', [request.id]);
      const existing = await readSamplesOf(ctx, [request.id]);
      const state = (await em.execute<Array<{ state: string | null }>>('select state from request_event where request_id = ? order by id desc limit 1', [request.id]))[0]?.state;
      if (state !== REQUEST_STATES.new && state !== REQUEST_STATES.rejected) throw trackingErrors.invalid('Samples cannot be added to this request after it is submitted.');
      const [type] = await readRequestTypes(ctx, [request.requestTypeId]);
      const form = type ? await readForm(ctx, type.sampleFormId) : null;
      if (!form) throw errors.inconsistent('The sample form of the request type is missing.');
      const names = existing.map((sample) => sample.name);
      const created: Sample[] = [];
      for (const [index, input] of inputs.entries()) {
        const name = input.name?.trim() ?? '';
        if (!name) throw errors.missingAttribute(`Enter the name of sample number ${existing.length + index}`);
        names.push(name);
        const count = names.filter((other) => other === name).length;
        if (count > 1) throw errors.invalidAttribute(`This request has ${count} samples with the name (${name}).  Samples belonging to a request must have unique names.`);
        const destination = await this.destination(ctx, request, input);
        created.push(
          em.create(Sample, { name, desc: input.description ?? '', values: formValues(form, input.values), request: em.getReference(Request, request.id), ...destination }),
        );
      }
      await em.flush();
      return created.map((sample) => sample.id);
    });
    const rows = new Map((await readSamples(ctx, ids)).map((sample) => [sample.id, sample]));
    return ids.map((id) => rows.get(id)).filter((sample): sample is SampleView => sample !== undefined);
  }

  /** Library and folder together (the folder in the library), or neither. */
  private async destination(ctx: ServiceContext, request: RequestView, input: SampleInput): Promise<{ library: Library | null; folder: LibraryFolder | null }> {
    if (!input.libraryId && !input.folderId) return { library: null, folder: null };
    if (!input.libraryId || !input.folderId) throw errors.missingAttribute('Select both the data library and the folder of the sample, or neither.');
    const libraryId = decodeId(ctx, input.libraryId, trackingErrors.malformed('library'));
    const folderId = decodeFolderId(ctx, input.folderId);
    const found = await ctx.one(DESTINATION, [libraryId, request.userId, folderId]);
    if (!found || found.deleted) throw trackingErrors.unknown('library', input.libraryId);
    if (!found.accessible) throw errors.notAccessible(`${request.userEmail} cannot access the data library ( ${input.libraryId} ).`);
    if (found.folderLibraryId !== libraryId || found.folderDeleted) throw trackingErrors.unknown('folder', input.folderId);
    return { library: ctx.em.getReference(Library, libraryId), folder: ctx.em.getReference(LibraryFolder, folderId) };
  }
}
