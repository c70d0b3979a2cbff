import { Upload } from 'graphql-upload-minimal';
import { createReadStream } from 'node:fs';
import type { ReceivedFile } from './multipart';
import type { LocalFileUpload } from '../services/tools';

/**
 * A multipart file the body parser already wrote to the upload store, as the GraphQL `Upload` a
 * document expects; `localPath` lets the resolver take the file over without copying it.
 */
export function receivedFileAsUpload(file: ReceivedFile): Upload {
  const upload = new Upload();
  const details: LocalFileUpload = {
    filename: file.filename,
    fieldName: file.field,
    mimetype: file.mimetype,
    encoding: '7bit',
    createReadStream: () => createReadStream(file.path),
    localPath: file.path,
  };
  // `resolve` is set by Upload's constructor; the published types leave it out.
  (upload as unknown as { resolve(file: LocalFileUpload): void }).resolve(details);
  return upload;
}
