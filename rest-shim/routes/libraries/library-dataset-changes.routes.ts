import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Request } from 'express';
import { type ArchiveFormat, archiveStream } from '../../../src/storage/archive-stream';
import { setFileAnswerHeaders } from '../../core/file-answer-headers';
import { route, type RouteSpec } from '../../core/route';
import type { RouteInput } from '../../core/route-input';
import { receivedFileAsUpload } from '../../../src/http/received-upload';
import { libraryDatasetStatusDict, STATUS_FIELDS } from '../../serializers/library-dataset-change.reply';
import { DETAIL_FIELDS, libraryDatasetDict } from '../../serializers/library.reply';

type Dict = Record<string, unknown>;

interface ArchiveData {
  libraryDatasetArchive: { format: string; filename: string; contentType: string; entries: Array<{ path: string; file: string; size: number; mtime: string }> };
}

/** The multipart file of a new version: `file`, or the upload form's `files_0|file_data`. */
const newVersionFile = (req?: Request) => {
  const file = (req?.files ?? []).find((part) => part.field === 'file' || part.field === 'files_0|file_data');
  return file ? receivedFileAsUpload(file) : null;
};

/** `ld_ids[]` (repeated, a JSON list, or comma-separated; also the doubly-encoded `ld_ids%5B%5D`). */
const datasetIds = (input: RouteInput) =>
  (input.list('ld_ids') ?? input.list('ld_ids%5B%5D') ?? [])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value.length > 0);

const archiveRoute = (method: 'get' | 'post') =>
  route<ArchiveData>({
    method,
    path: '/api/libraries/datasets/download/:format',
    access: 'anonymous',
    operation: 'query ($ids: [ID!]!, $format: String!) { libraryDatasetArchive(ids: $ids, format: $format) { format filename contentType entries { path file size mtime } } }',
    variables: (input) => ({ ids: datasetIds(input), format: input.path.format }),
    raw: async (data, _input, _req, res) => {
      const archive = data.libraryDatasetArchive;
      setFileAnswerHeaders(res);
      res.status(200);
      res.setHeader('Content-Type', archive.contentType);
      res.setHeader('Content-Disposition', `attachment; filename="${archive.filename}"`);
      if (archive.format === 'uncompressed') {
        await pipeline(createReadStream(archive.entries[0].file), res);
        return;
      }
      const entries = archive.entries.map((entry) => ({ path: entry.path, file: entry.file, mtime: new Date(entry.mtime) }));
      await pipeline(archiveStream(archive.format as ArchiveFormat, entries), res);
    },
  });

/**
 * Library dataset operations around the contract that clients use: update (a file makes a new
 * version), delete / undelete, and downloads of several datasets as one streamed archive. Listed
 * before `/api/libraries/datasets/:dataset_id` (route order matters).
 */
export const libraryDatasetChangeRoutes: RouteSpec<unknown>[] = [
  archiveRoute('get'),
  archiveRoute('post'),
  route<{ updateLibraryDataset: Dict }>({
    method: 'patch',
    path: '/api/libraries/datasets/:dataset_id',
    access: 'permission',
    operation: `mutation ($id: ID!, $input: LibraryDatasetUpdateInput!) { updateLibraryDataset(id: $id, input: $input) { ${DETAIL_FIELDS} } }`,
    variables: (input, req) => ({
      id: input.path.dataset_id,
      input: {
        name: input.string('name') ?? null,
        miscInfo: input.string('misc_info') ?? null,
        genomeBuild: input.string('genome_build') ?? null,
        fileExt: input.string('file_ext') ?? null,
        file: newVersionFile(req),
      },
    }),
    shape: (data) => libraryDatasetDict(data.updateLibraryDataset),
  }),
  route<{ deleteLibraryDataset: Dict }>({
    method: 'delete',
    path: '/api/libraries/datasets/:dataset_id',
    access: 'permission',
    operation: `mutation ($id: ID!, $undelete: Boolean, $purge: Boolean) { deleteLibraryDataset(id: $id, undelete: $undelete, purge: $purge) { ${STATUS_FIELDS} } }`,
    variables: (input) => ({ id: input.path.dataset_id, undelete: input.bool('undelete'), purge: input.bool('purge') }),
    shape: (data) => libraryDatasetStatusDict(data.deleteLibraryDataset),
  }),
];
