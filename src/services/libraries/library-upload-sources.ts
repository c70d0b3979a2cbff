import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, normalize, resolve, sep } from 'node:path';
import type { AppConfig } from '../../config/app-config';
import { loadDatatypesRegistry } from '../../datatypes';
import { AppError, errors } from '../../errors/error-kinds';
import { pasteSources, type UploadSource } from '../../jobs/upload-sources';
import type { LibraryUploadRequest } from './library-creation.service';

export const UPLOAD_OPTIONS = ['upload_file', 'upload_directory', 'upload_paths'] as const;
export type UploadOption = (typeof UPLOAD_OPTIONS)[number];

/** One dataset to create: where its bytes come from and its name in the folder. */
export interface LibrarySource {
  source: UploadSource;
  name: string;
}

const within = (root: string, path: string) => path === root || path.startsWith(root + sep);

const notAllowed = (message: string) => new AppError('ConfigDoesNotAllowException', message);

/** `file_type`: 'auto' (sniffed by the job) or an extension the datatypes registry knows. */
export function uploadFileType(value: string | null | undefined): string {
  const fileType = value?.trim() || 'auto';
  if (fileType !== 'auto' && !loadDatatypesRegistry().isKnown(fileType)) throw errors.invalid(`Unknown file_type ( ${fileType} ).`);
  return fileType;
}

/**
 * The datasets an upload request asks for, checked against the configuration and the caller:
 * `upload_file` (received files, pasted text or URLs), `upload_directory` (the regular files
 * directly inside `server_dir` under LIBRARY_IMPORT_DIR, by name), `upload_paths` (administrators,
 * ALLOW_LIBRARY_PATH_PASTE; absolute paths of regular files). `link_to_files` registers server
 * files in place instead of copying them.
 */
export async function resolveLibrarySources(config: AppConfig, isAdmin: boolean, request: LibraryUploadRequest): Promise<LibrarySource[]> {
  const option = (request.uploadOption || 'upload_file') as UploadOption;
  if (!UPLOAD_OPTIONS.includes(option)) {
    throw errors.invalid(`Invalid value for 'upload_option' ( ${String(request.uploadOption)} ): use upload_file, upload_directory or upload_paths.`);
  }
  const linkMode = request.linkDataOnly || 'copy_files';
  if (linkMode !== 'copy_files' && linkMode !== 'link_to_files') throw errors.invalid(`Invalid value for 'link_data_only' ( ${linkMode} ): use copy_files or link_to_files.`);
  const link = linkMode === 'link_to_files';
  if (option === 'upload_file') {
    if (link) throw errors.invalid('link_to_files applies to server files only (upload_directory or upload_paths).');
    const sources: LibrarySource[] = request.files.map((file) => ({ source: { kind: 'file', path: file.path, name: file.name }, name: file.name }));
    for (const source of pasteSources(request.pasted ?? '')) sources.push({ source, name: source.kind === 'url' ? source.url : 'Pasted Entry' });
    if (sources.length === 0) throw errors.missing('Nothing to upload: send files or paste content (files_0|url_paste).');
    return sources;
  }
  const files = option === 'upload_directory' ? await directoryFiles(config, request.serverDir) : await pastedPaths(config, isAdmin, request.filesystemPaths);
  return files.map((file) => ({ source: { kind: link ? 'link' : 'server', path: file.path, name: file.name }, name: file.name }));
}

/** The regular files directly inside `server_dir` (relative to LIBRARY_IMPORT_DIR), sorted by name. */
async function directoryFiles(config: AppConfig, serverDir: string | null | undefined): Promise<Array<{ path: string; name: string }>> {
  if (!config.libraryImportDir) throw notAllowed('Importing server directories into libraries is not enabled on this server (LIBRARY_IMPORT_DIR).');
  const relative = (serverDir ?? '').trim();
  if (!relative) throw errors.missing("Missing required parameter 'server_dir'.");
  const refused = () => errors.invalid(`Invalid server_dir ( ${relative} ): it must name a directory inside the library import directory.`);
  if (isAbsolute(relative) || relative.split(/[\\/]+/).includes('..')) throw refused();
  const root = await realpath(config.libraryImportDir).catch(() => {
    throw notAllowed('The library import directory (LIBRARY_IMPORT_DIR) does not exist.');
  });
  const directory = await realpath(resolve(root, relative)).catch(() => {
    throw refused();
  });
  if (!within(root, directory) || !(await stat(directory)).isDirectory()) throw refused();
  const entries: Dirent[] = await readdir(directory, { withFileTypes: true });
  const files: Array<{ path: string; name: string }> = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = join(directory, entry.name);
    if (entry.isFile()) {
      files.push({ path, name: entry.name });
    } else if (entry.isSymbolicLink()) {
      // A link is followed only while it stays inside the import directory.
      const target = await realpath(path).catch(() => null);
      if (target === null) continue;
      if (!within(root, target)) throw errors.invalid(`Invalid server_dir ( ${relative} ): ${entry.name} points outside the library import directory.`);
      if ((await stat(target)).isFile()) files.push({ path: target, name: entry.name });
    }
  }
  if (files.length === 0) throw errors.invalid(`The directory ( ${relative} ) contains no files to upload.`);
  return files;
}

/** `filesystem_paths`: one absolute path of a regular file per line (administrators, when enabled). */
async function pastedPaths(config: AppConfig, isAdmin: boolean, text: string | null | undefined): Promise<Array<{ path: string; name: string }>> {
  if (!config.allowLibraryPathPaste) throw notAllowed('Uploading server paths into libraries is not enabled on this server (ALLOW_LIBRARY_PATH_PASTE).');
  if (!isAdmin) throw new AppError('AdminRequiredException', 'Uploading files via filesystem paths can only be performed by administrators.');
  const lines = (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  if (lines.length === 0) throw errors.missing("Missing required parameter 'filesystem_paths'.");
  const files: Array<{ path: string; name: string }> = [];
  for (const line of lines) {
    if (!isAbsolute(line)) throw errors.invalid(`Invalid path ( ${line} ): give absolute paths.`);
    const path = normalize(line);
    const info = await stat(path).catch(() => null);
    if (!info || !info.isFile()) throw errors.invalid(`Invalid path ( ${line} ): it does not exist or is not a regular file.`);
    files.push({ path, name: path.split(sep).pop() || path });
  }
  return files;
}
