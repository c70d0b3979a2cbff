/** Job destinations as the platform's `job_conf.xml` configures them (JOB_CONFIG_FILE). */
export { defaultJobConfig } from './default-config';
export { destinationFor, destinationLimitsFor, toolIdCandidates } from './destination-for';
export { envStatement } from './env-statement';
export { loadJobConfig } from './load-job-config';
export { NativeSpecificationError, nativeSpecificationArgs } from './native-specification';
export { parseJobConf, type ParseOptions } from './parse-job-conf';
export { UPLOAD_TOOL_ID } from './parse-tools';
export {
  JobConfigError,
  RESUBMIT_CONDITIONS,
  type DestinationLimit,
  type EnvEntry,
  type JobConfig,
  type JobDestination,
  type JobLimits,
  type JobPlugin,
  type ResubmitCondition,
  type ResubmitRule,
  type RunnerKind,
} from './types';
