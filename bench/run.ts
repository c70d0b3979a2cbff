/** `npm run bench`: prints req/s, p50, p99 and SQL queries per request for each listing, at two sizes. */
import { benchAdminArea } from './admin-area.bench';
import { benchDataCore } from './data-core.bench';
import { benchDepot } from './depot.bench';
import { benchLibraries } from './libraries.bench';
import { benchWorkflows } from './workflows.bench';
import { printFigures } from './harness';
import { benchSlurmJobs, printJobRunFigures } from './slurm-jobs.bench';
import { spawnSync } from 'node:child_process';
import { benchImportGalaxy, printImportFigures } from './import-galaxy.bench';
import { benchHistorySelection, printSelectionFigures } from './history-selection.bench';

async function main(): Promise<void> {
  const sizes = (process.env.BENCH_SIZES ?? '10,1000').split(',').map(Number);
  const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL server' : 'embedded PostgreSQL';
  const only = process.env.BENCH_ONLY;
  if (!only || only === 'admin') {
    for (const rows of sizes) printFigures(`admin area, ${rows} users/roles, ${database}`, await benchAdminArea(rows));
  }
  if (!only || only === 'data') {
    printFigures(`data core, small (10 histories, 10 jobs, 10 datasets, 10 collections), ${database}`, await benchDataCore({ histories: 10, jobs: 10, datasets: 10, collections: 10 }));
    printFigures(
      `data core, 1,000 histories, 10,000 jobs, a history of 5,000 datasets, one of 1,000 collections of 10, ${database}`,
      await benchDataCore({ histories: 1000, jobs: 10000, datasets: 5000, collections: 1000 }),
    );
  }
  if (!only || only === 'depot') {
    printFigures(`depot, 10 repositories of 5 revisions, ${database}`, await benchDepot(10, 5));
    printFigures(`depot, 1,000 repositories of 5 revisions (5,000 installable revisions), ${database}`, await benchDepot(1000, 5));
  }
  if (!only || only === 'libraries') {
    printFigures(`libraries, 100 datasets in 10 folders, ${database}`, await benchLibraries({ folders: 10, datasets: 100 }));
    printFigures(`libraries, 10,000 datasets in 1,000 folders (half restricted), ${database}`, await benchLibraries({ folders: 1000, datasets: 10000 }));
  }
  if (!only || only === 'slurm') {
    const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL server' : 'embedded PostgreSQL';
    if (spawnSync('sinfo', ['-h'], { stdio: 'ignore' }).status === 0) {
      const sizes = (process.env.BENCH_SLURM_JOBS ?? '20,200').split(',').map(Number);
      printJobRunFigures(`trivial jobs (cat1) through the local runner (2 workers) and through Slurm (one node), ${database}`, await benchSlurmJobs(sizes));
    } else {
      process.stdout.write('\nSlurm jobs: skipped, Slurm does not answer here (npm run slurm:start as root, then export SLURM_CONF)\n');
    }
  }
  if (only === 'import') {
    // Needs a PostgreSQL server (BENCH_DATABASE_URL, else 127.0.0.1:5432): the 15.05 source is one.
    const [users, histories, datasets] = (process.env.BENCH_IMPORT_SIZE ?? '10000,100000,1000000').split(',').map(Number);
    printImportFigures(`import of a 15.05 database: ${users} users, ${histories} histories, ${datasets} datasets, PostgreSQL server`, await benchImportGalaxy({ users, histories, datasets }));
  }
  if (!only || only === 'selection') {
    printSelectionFigures(`history selection: 10,000 items, 500 pairs, ${database}`, await benchHistorySelection({ items: 10000, pairs: 500, restSample: 200 }));
  }
  if (!only || only === 'workflows') {
    printFigures(`workflows, 10 workflows of 10 steps, an invocation of 10 jobs, ${database}`, await benchWorkflows({ workflows: 10, steps: 10, invocationJobs: 10 }));
    printFigures(`workflows, 1,000 workflows of 10 steps, an invocation of 100 jobs, ${database}`, await benchWorkflows({ workflows: 1000, steps: 10, invocationJobs: 100 }));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
