import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { importGraph, importsPastDoors } from '../../support/architecture/import-graph';

/**
 * Each area of src/services has a door (`index.ts`) that says what other rooms may use, and nothing
 * outside an area imports its other files (docs/architecture.md, Doors). A file another area needs
 * is exported through its area's door, or the need is a sign the rule belongs elsewhere.
 */
const ROOT = join(__dirname, '../../..');
const SERVICES = join(ROOT, 'src/services');

describe('the doors of the service areas', () => {
  it('every area has a door', () => {
    const areas = readdirSync(SERVICES, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(areas.filter((area) => !existsSync(join(SERVICES, area, 'index.ts')))).toEqual([]);
  });

  it('no import reaches past an area’s door into its files', () => {
    const breaches = importsPastDoors(importGraph(ROOT, ['src', 'rest-shim']));
    expect(breaches.map((breach) => `${breach.from} -> ${breach.to}`)).toEqual([]);
  });
});
