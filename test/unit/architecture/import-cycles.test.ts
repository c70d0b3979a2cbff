import { join } from 'node:path';
import { cycles, importGraph } from '../../support/architecture/import-graph';

/**
 * The service's import graph (src/ and rest-shim/, type-only imports included). Services are given
 * their siblings when they are built and get only the core per call (src/context/service-context.ts),
 * (the depot's likewise: src/depot/context/depot-service-context.ts), so no circle of more than 8
 * files remains; today the longest has 3.
 */

const ROOT = join(__dirname, '../../..');
const graph = importGraph(ROOT, ['src', 'rest-shim']);
const found = cycles(graph);
const cycleOf = (file: string) => found.find((cycle) => cycle.includes(file)) ?? [];

describe('import cycles', () => {
  it('no service of the platform sees the whole set of services (its context names no service)', () => {
    const wide = ['src/context/app-services.ts', 'src/context/request-context.ts'];
    const seeing = [...graph.edges].filter(([from, targets]) => from.startsWith('src/services/') && targets.some((to) => wide.includes(to))).map(([from]) => from);
    expect(seeing).toEqual([]);
    expect(cycleOf('src/context/app-services.ts')).toEqual([]);
  });

  it('no service of the depot sees the whole set of depot services', () => {
    const wide = ['src/depot/context/depot-services.ts', 'src/depot/context/depot-context.ts'];
    const seeing = [...graph.edges].filter(([from, targets]) => from.startsWith('src/depot/services/') && targets.some((to) => wide.includes(to))).map(([from]) => from);
    expect(seeing).toEqual([]);
    expect(cycleOf('src/depot/context/depot-services.ts')).toEqual([]);
  });

  it('no circle has more than 8 files', () => {
    expect(found.filter((cycle) => cycle.length > 8)).toEqual([]);
  });

  it('the job engine and its batch runners are not in one circle (runners are given to the engine: src/jobs/runner-plugins.ts)', () => {
    expect(cycleOf('src/jobs/job-engine.ts')).not.toContain('src/jobs/slurm/slurm-runner.ts');
  });

  it('the database module and the embedded server’s carry-over are not in one circle (the carry-over is given its migrations)', () => {
    expect(cycleOf('src/db/database.ts')).toEqual([]);
  });
});
