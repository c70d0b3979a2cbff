import type { JobParams } from '../../entities/job.entity';
import { UPLOAD_ITEMS_PARAM } from '../../jobs/upload-run';

const isDataRef = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'src' in value && 'id' in value;

/** A job's parameters as shown: dataset inputs (listed under `inputs`) and internal entries removed. */
export function shownParams(params: JobParams): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    if (name === UPLOAD_ITEMS_PARAM) continue;
    if (isDataRef(value) || (Array.isArray(value) && value.length > 0 && value.every(isDataRef))) continue;
    shown[name] = value;
  }
  return shown;
}
