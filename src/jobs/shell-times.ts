/** CPU time, in seconds. */
export interface CpuTimes {
  userSeconds: number;
  systemSeconds: number;
}

/**
 * bash's `times` (its own user and system time, then its children's, one line each: `0m1.234s
 * 0m0.056s`): the children's, which count every process they waited for. Null when unreadable.
 */
export function parseShellTimes(text: string): CpuTimes | null {
  const children = text.trim().split('\n')[1] ?? '';
  const match = /^(\d+)m(\d+(?:\.\d+)?)s\s+(\d+)m(\d+(?:\.\d+)?)s$/.exec(children.trim());
  if (!match) return null;
  const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
  return { userSeconds: round(Number(match[1]) * 60 + Number(match[2])), systemSeconds: round(Number(match[3]) * 60 + Number(match[4])) };
}

/**
 * A shell line that runs `$1` with bash, then writes bash's `times` to the file `$2` and exits
 * with the command's code: the CPU time of the command and everything it started (as arguments,
 * never spliced into the line). With a cgroup directory as `$3`, the shell joins it first.
 */
export const TIMED_COMMAND = '{ [ -z "$3" ] || echo $$ > "$3/cgroup.procs"; } 2>/dev/null; bash -c "$1"; code=$?; times > "$2" 2>/dev/null; exit "$code"';

/**
 * TIMED_COMMAND for a runner that asks a command to stop with SIGTERM before it sends SIGKILL (the
 * remote runner): the outer shell outlives the SIGTERM its process group gets (a no-op trap, which
 * the command does not inherit), so the command has its grace period and its own exit status
 * (143 when SIGTERM ended it) is the one reported.
 */
export const TIMED_COMMAND_AFTER_TERM = `trap : TERM; ${TIMED_COMMAND}`;
