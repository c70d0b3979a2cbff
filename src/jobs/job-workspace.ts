import { mkdir, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A job's directory: `inputs/` (links to the input files), `outputs/` (what the command writes;
 * moved into the object store only when the job succeeds), `working/` (the command's cwd), and the
 * captured `stdout` / `stderr`. The same layout serves local and remote runs.
 */
export class JobWorkspace {
  constructor(readonly root: string) {}

  get inputsDir(): string {
    return join(this.root, 'inputs');
  }

  get outputsDir(): string {
    return join(this.root, 'outputs');
  }

  get workingDir(): string {
    return join(this.root, 'working');
  }

  get stdoutPath(): string {
    return join(this.root, 'stdout');
  }

  get stderrPath(): string {
    return join(this.root, 'stderr');
  }

  inputPath(datasetId: number): string {
    return join(this.inputsDir, `dataset_${datasetId}.dat`);
  }

  outputPath(datasetId: number): string {
    return join(this.outputsDir, `dataset_${datasetId}.dat`);
  }

  /** A fresh directory (a re-run after a crash starts clean). */
  async create(): Promise<void> {
    await rm(this.root, { recursive: true, force: true });
    await mkdir(this.inputsDir, { recursive: true });
    await mkdir(this.outputsDir, { recursive: true });
    await mkdir(this.workingDir, { recursive: true });
  }

  async linkInput(datasetId: number, target: string): Promise<void> {
    await symlink(target, this.inputPath(datasetId)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }

  async remove(): Promise<void> {
    await rm(this.root, { recursive: true, force: true });
  }
}
