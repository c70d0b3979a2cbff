import { chmod, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type EnvEntry, envStatement } from '../job-conf';
import type { JobWorkspace } from '../job-workspace';

/**
 * The files a batch job writes into its directory (on the shared filesystem) besides its outputs:
 * the command's stdout and stderr (the workspace's), its exit code (written last, atomically), and
 * the core metrics the local runner records.
 */
export class BatchJobFiles {
  constructor(readonly workspace: JobWorkspace) {}

  get script(): string {
    return join(this.workspace.root, 'job.sh');
  }

  get exitCode(): string {
    return join(this.workspace.root, 'exit_code');
  }

  /** What Slurm itself writes for the job (slurmstepd's messages: time limit, memory). */
  get schedulerOutput(): string {
    return join(this.workspace.root, 'slurm.out');
  }

  metric(name: 'epoch_start' | 'epoch_end' | 'galaxy_slots' | 'galaxy_memory_mb' | 'memory_peak_kb' | 'cpu_times'): string {
    return join(this.workspace.root, `metric_${name}`);
  }
}

/** A value as one shell word (single quotes; a quote inside closes, escapes and reopens). */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * While the command runs, the resident memory of its processes (it and everything it started, from
 * /proc, with bash's builtins only) is looked at every half second and the peak kept, in kB: the
 * memory a job used, whatever the cluster's accounting keeps.
 */
const PEAK_MEMORY_LOOP = [
  'peak_kb=0',
  'while kill -0 "$command_pid" 2>/dev/null; do',
  '  total_kb=0; pending="$command_pid"',
  '  while [ -n "$pending" ]; do',
  '    set -- $pending; pid=$1; shift; pending="$*"',
  '    while read -r key value _; do [ "$key" = "VmRSS:" ] && total_kb=$((total_kb + value)); done < "/proc/$pid/status" 2>/dev/null',
  '    children=""; read -r children < "/proc/$pid/task/$pid/children" 2>/dev/null',
  '    pending="$pending $children"; pending="${pending# }"',
  '  done',
  '  [ "$total_kb" -gt "$peak_kb" ] && peak_kb=$total_kb',
  '  sleep 0.5',
  'done',
];

/**
 * The job script, in the platform's shape: cores and memory from Slurm's allocation
 * (`GALAXY_SLOTS`, `GALAXY_MEMORY_MB`), the destination's environment, the start time, the command
 * in its working directory with its output captured (and the CPU time it used, bash's `times`),
 * then its exit code and the end time. The exit code file appears only once the command is over,
 * whole (written aside, then renamed).
 */
export function jobScript(command: string, files: BatchJobFiles, env: readonly EnvEntry[]): string {
  const ws = files.workspace;
  const q = shellQuote;
  return [
    '#!/bin/bash',
    '# Written by the platform for one job; its outputs go to outputs/, its exit code to exit_code.',
    'if [ -n "$SLURM_CPUS_PER_TASK" ]; then GALAXY_SLOTS="$SLURM_CPUS_PER_TASK";',
    'elif [ -n "$SLURM_CPUS_ON_NODE" ]; then GALAXY_SLOTS="$SLURM_CPUS_ON_NODE";',
    'else GALAXY_SLOTS=1; fi',
    'export GALAXY_SLOTS',
    'if [ -n "$SLURM_MEM_PER_NODE" ]; then GALAXY_MEMORY_MB="$SLURM_MEM_PER_NODE";',
    'elif [ -n "$SLURM_MEM_PER_CPU" ]; then GALAXY_MEMORY_MB=$((SLURM_MEM_PER_CPU * GALAXY_SLOTS)); fi',
    '[ -n "$GALAXY_MEMORY_MB" ] && export GALAXY_MEMORY_MB',
    ...env.map(envStatement),
    `echo "$GALAXY_SLOTS" > ${q(files.metric('galaxy_slots'))}`,
    `echo "$GALAXY_MEMORY_MB" > ${q(files.metric('galaxy_memory_mb'))}`,
    `date +%s.%N > ${q(files.metric('epoch_start'))}`,
    `cd ${q(ws.workingDir)} || exit 1`,
    `( ( ${command}\n); code=$?; times > ${q(files.metric('cpu_times'))}; exit "$code" ) > ${q(ws.stdoutPath)} 2> ${q(ws.stderrPath)} &`,
    'command_pid=$!',
    ...PEAK_MEMORY_LOOP,
    'wait "$command_pid"',
    'code=$?',
    `echo "$peak_kb" > ${q(files.metric('memory_peak_kb'))}`,
    `date +%s.%N > ${q(files.metric('epoch_end'))}`,
    `echo "$code" > ${q(`${files.exitCode}.tmp`)} && mv ${q(`${files.exitCode}.tmp`)} ${q(files.exitCode)}`,
    'exit "$code"',
    '',
  ].join('\n');
}

/** Writes the script (executable) into the job's directory. */
export async function writeJobScript(files: BatchJobFiles, command: string, env: readonly EnvEntry[]): Promise<void> {
  const temporary = `${files.script}.tmp`;
  await writeFile(temporary, jobScript(command, files, env), { mode: 0o755 });
  await chmod(temporary, 0o755);
  await rename(temporary, files.script);
}
