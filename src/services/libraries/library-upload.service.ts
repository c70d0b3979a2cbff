import type { RequestContext } from '../../context/request-context';
import type { LibraryFolder } from '../../entities/library-folder.entity';
import { AppError } from '../../errors/error-kinds';
import type { CreatedItem } from './library-contents.service';
import type { LibraryUploadRequest } from './library-creation.service';

/** Uploads into a library folder through the upload job (being built: see the libraries issue). */
export class LibraryUploadService {
  async upload(_ctx: RequestContext, _folder: LibraryFolder, _request: LibraryUploadRequest, _message: string | null, _extendedMetadata: unknown): Promise<CreatedItem[]> {
    throw new AppError('NotImplemented', 'Library uploads are not available yet.');
  }
}
