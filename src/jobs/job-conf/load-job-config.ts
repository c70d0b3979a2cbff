import { readFileSync } from 'node:fs';
import { parseJobConf, type ParseOptions } from './parse-job-conf';
import { JobConfigError, type JobConfig } from './types';

/** Reads and parses a job_conf.xml file; JobConfigError when it is missing, unreadable or refused. */
export function loadJobConfig(path: string, options: ParseOptions = {}): JobConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a directory, not a file' : code === 'EACCES' ? 'not readable (permission denied)' : error instanceof Error ? error.message : String(error);
    throw new JobConfigError(path, `cannot read the job configuration: ${why}`);
  }
  return parseJobConf(text, path, options);
}
