import type { EntityManager } from '@mikro-orm/postgresql';
import type { TaskRecord } from '../../../entities/background-task.entity';
import type { MetadataService } from './metadata.service';

/** The task that computes the metadata of a repository's new revisions, in order. */
export const METADATA_TASK = 'depot.metadata';

export interface MetadataTaskPayload {
  repositoryId: number;
  /** The depot's base URL as the uploader reached it (tool guids, dependencies naming no depot). */
  depotUrl: string;
}

/** What the metadata task uses. */
export interface MetadataTaskServices {
  metadata: MetadataService;
}

export function metadataTaskHandler(services: MetadataTaskServices) {
  return async (task: TaskRecord, em: EntityManager): Promise<Record<string, unknown>> => {
    const payload = task.payload as unknown as MetadataTaskPayload;
    const done = await services.metadata.refresh(em, payload.repositoryId, payload.depotUrl);
    return { revisions: done };
  };
}

/** After the last attempt, the revisions still waiting are marked failed (waiters stop waiting). */
export function metadataTaskFailed(services: MetadataTaskServices) {
  return async (task: TaskRecord, em: EntityManager, error: string): Promise<void> => {
    const payload = task.payload as unknown as MetadataTaskPayload;
    await services.metadata.markFailed(em, payload.repositoryId, error);
  };
}
