import { join } from 'node:path';
import { importGraph } from '../../support/architecture/import-graph';

/**
 * Benchmarks measure the service through its public surface: they start it (src/app/platform.ts or
 * its process), seed accounts through the REST API (bench/seed/) and bulk rows by set-based SQL
 * beside it, and measure over HTTP. They may share plain helpers (the logger, the id codec, the
 * platform's formats, the embedded server's door), never its insides: no request context, no
 * entity, no service, no resolver. The baseline (bench/ratio/baseline) is a plain express + pg
 * implementation held to the same rule.
 */
const INSIDES = ['src/context/', 'src/entities/', 'src/services/', 'src/graphql/', 'rest-shim/'];

describe('benchmarks go through the public doors', () => {
  it('no benchmark imports the service’s request context, entities, services or resolvers', () => {
    const graph = importGraph(join(__dirname, '../../..'), ['bench']);
    const breaches = [...graph.edges].flatMap(([from, targets]) => targets.filter((to) => INSIDES.some((inside) => to.startsWith(inside))).map((to) => `${from} -> ${to}`));
    expect(breaches).toEqual([]);
  });
});
