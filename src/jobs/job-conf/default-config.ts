import { emptyLimits } from './parse-limits';
import type { JobConfig } from './types';

/**
 * The configuration without JOB_CONFIG_FILE: every job runs in the server process's local workers
 * (the platform's own default: one local plugin, one local destination, the default).
 */
export function defaultJobConfig(localWorkers: number | null = null): JobConfig {
  return {
    source: null,
    plugins: [{ id: 'local', kind: 'local', workers: localWorkers, params: {} }],
    destinations: [{ id: 'local', pluginId: 'local', kind: 'local', tags: [], nativeSpecification: null, params: {}, env: [], resubmit: [] }],
    defaultDestinationId: 'local',
    toolDestinations: {},
    uploadDestinationId: 'local',
    limits: emptyLimits(),
    notices: [],
  };
}
