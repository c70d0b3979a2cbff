import { spawn } from 'node:child_process';

/** A Slurm command that failed (not found, refused, or an answer we cannot read). */
export class SlurmCommandError extends Error {
  constructor(
    readonly command: string,
    message: string,
    readonly stderr = '',
  ) {
    super(`${command}: ${message}${stderr.trim() ? ` (${stderr.trim().slice(0, 500)})` : ''}`);
  }
}

export interface CommandOutput {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of Slurm's commands (arguments, never a shell) with the process's environment, so
 * SLURM_CONF and the munge socket of the operator's setup apply. A missing command or a non-zero
 * exit is a SlurmCommandError unless `okCodes` lists the code.
 */
export function runSlurm(command: string, args: readonly string[], options: { input?: string; okCodes?: number[]; timeoutMs?: number } = {}): Promise<CommandOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.stdin.on('error', () => undefined);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new SlurmCommandError(command, error.message));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const result = { code: code ?? -1, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
      if (code === 0 || (code !== null && (options.okCodes ?? []).includes(code))) resolve(result);
      else reject(new SlurmCommandError(command, signal ? `killed by ${signal}` : `exit code ${code}`, result.stderr));
    });
    child.stdin.end(options.input ?? '');
  });
}
