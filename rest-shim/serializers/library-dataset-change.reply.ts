import { niceSize } from '../../src/format/nice-size';
import { pythonIso } from '../core/shape';
import { libraryTime, VERSION_FIELDS } from './library.reply';

type Dict = Record<string, unknown>;

export const STATUS_FIELDS = `id name deleted purged updateTime current { ${VERSION_FIELDS} }`;

/**
 * The platform's reply to a library dataset delete / undelete: `LibraryDataset.to_dict()` with
 * encoded ids, `file_size` as a nice size, `update_time` in the library timestamp format and the
 * new `deleted` flag.
 */
export function libraryDatasetStatusDict(status: Dict): Dict {
  const current = status.current as Dict;
  const peek = current.peek;
  const dict: Dict = {
    id: status.id,
    ldda_id: current.id,
    parent_library_id: current.parentLibraryId,
    folder_id: current.folderId,
    model_class: 'LibraryDataset',
    state: current.state,
    name: current.name,
    file_name: current.fileName,
    uploaded_by: current.uploadedBy,
    message: current.message,
    date_uploaded: pythonIso(current.createTime),
    file_size: niceSize(current.fileSize),
    file_ext: current.fileExt,
    data_type: current.dataType,
    genome_build: current.genomeBuild,
    misc_info: current.miscInfo,
    misc_blurb: current.miscBlurb,
    peek: peek && peek !== 'no peek' ? peek : null,
    template_data: {},
    uuid: current.uuid,
  };
  for (const [name, value] of Object.entries((current.metadata ?? {}) as Dict)) dict[`metadata_${name}`] = Array.isArray(value) ? value.map(String).join(', ') : value;
  dict.update_time = libraryTime(status.updateTime);
  dict.deleted = status.deleted;
  return dict;
}
