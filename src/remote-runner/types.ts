/** Shapes of the remote-runner protocol (claim / files / heartbeat / complete) and the runner's settings. */

export interface RemoteJobInput {
  /** Absolute path on the server, under the job directory. */
  path: string;
}

export interface RemoteJobOutput {
  name: string;
  /** Absolute path on the server, under the job directory. */
  path: string;
}

/** One claimed job, as `claimRemoteJob` returns it. */
export interface RemoteJob {
  id: string;
  jobKey: string;
  /** This claim (servers that predate it send none); sent back with heartbeats and the report. */
  claimId?: string | null;
  toolId: string;
  commandLine: string;
  jobDirectory: string;
  workingDirectory: string;
  /** Seconds; null (or <= 0) means no limit. */
  timeoutSeconds: number | null;
  inputs: RemoteJobInput[];
  outputs: RemoteJobOutput[];
}

/** `RemoteJobResultInput` of `completeRemoteJob`. */
export interface RemoteJobResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  startEpoch: number;
  endEpoch: number;
  runnerName: string;
  /** Set when the runner itself failed (transfer error, time limit, ...); null otherwise. */
  failure: string | null;
  /** 'walltime_reached' when the job's time limit stopped it (the server may resubmit it elsewhere); null otherwise. */
  limitReached: 'walltime_reached' | null;
  /** The peak resident memory of the command's processes, in bytes, when measured (recorded as core/memory_peak_bytes). */
  memoryPeakBytes: number | null;
  /** The CPU time of the command's processes, in seconds, when measured (core/cpu_user_seconds, core/cpu_system_seconds). */
  cpuUserSeconds: number | null;
  cpuSystemSeconds: number | null;
}

export interface CompletedJob {
  id: string;
  state: string;
}

/** The GraphQL side of the protocol; the worker depends on this, not on the HTTP client. */
export interface RunnerApi {
  claim(runnerName: string): Promise<RemoteJob | null>;
  heartbeat(id: string, jobKey: string, claimId?: string | null): Promise<boolean>;
  complete(id: string, jobKey: string, result: RemoteJobResult, claimId?: string | null): Promise<CompletedJob>;
}

/** Identifies a job for the files endpoint. */
export interface JobRef {
  id: string;
  jobKey: string;
}

/** The files side of the protocol. */
export interface JobFileTransfer {
  download(job: JobRef, serverPath: string, localPath: string, signal?: AbortSignal): Promise<void>;
  upload(job: JobRef, serverPath: string, localPath: string, signal?: AbortSignal): Promise<void>;
}

export interface RunnerConfig {
  /** Server base URL without a trailing slash. */
  url: string;
  token: string;
  /** Absolute local directory holding one sub-directory per running job. */
  workDir: string;
  concurrency: number;
  pollIntervalMs: number;
  once: boolean;
  name: string;
  heartbeatIntervalMs: number;
  /** Between SIGTERM and SIGKILL of a job's process group. */
  killGraceMs: number;
}
