import { pasteSources, type UploadSource } from '../../jobs/upload-sources';
import type { UploadItem } from '../../jobs/upload-run';
import type { ParamState } from '../../tools';
import { errors } from '../../errors/error-kinds';

/** A file the API received and stored in the upload store, for an upload tool parameter. */
export interface StoredUpload {
  path: string;
  name: string;
  size: number;
}

export interface PlannedUpload extends UploadItem {
  /** The new dataset's name: the file name, the URL, or 'Pasted Entry'. */
  name: string;
}

const chosen = (state: ParamState, name: string): string[] => {
  const value = state[name];
  return value && value.type === 'select' ? value.values : [];
};

function isStoredUpload(value: unknown): value is StoredUpload {
  return typeof value === 'object' && value !== null && typeof (value as StoredUpload).path === 'string';
}

/**
 * The upload tool's datasets: one per uploaded file, per URL line, or per pasted text, in the order
 * of the `files` instances. `names` are the clients' `files_N|NAME` values.
 */
export function planUploads(state: ParamState, names: Record<number, string>): PlannedUpload[] {
  const files = state.files;
  const fileType = chosen(state, 'file_type')[0] ?? 'auto';
  if (!files || files.type !== 'repeat') return [];
  const planned: PlannedUpload[] = [];
  files.instances.forEach((instance, index) => {
    const fileData = instance.file_data;
    const paste = instance.url_paste;
    const sources: Array<{ source: UploadSource; name: string }> = [];
    if (fileData && fileData.type === 'file' && isStoredUpload(fileData.value)) {
      sources.push({ source: { kind: 'file', path: fileData.value.path, name: fileData.value.name }, name: fileData.value.name });
    } else if (paste && paste.type === 'text') {
      for (const source of pasteSources(paste.value)) sources.push({ source, name: source.kind === 'url' ? source.url : 'Pasted Entry' });
    }
    for (const { source, name } of sources) {
      planned.push({
        output: `output${planned.length}`,
        source,
        fileType,
        spaceToTab: chosen(instance, 'space_to_tab').includes('Yes'),
        toPosixLines: chosen(instance, 'to_posix_lines').includes('Yes'),
        name: names[index] ?? name,
      });
    }
  });
  if (planned.length === 0) throw errors.invalid('No data was entered in the upload form, please go back and choose data to upload.');
  return planned;
}
