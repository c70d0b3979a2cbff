import { join } from 'node:path';
import type { OrmTarget } from '../../../mikro-orm.config';
import { DEPOT_ENTITIES } from '../entities';
import { DEPOT_SCHEMA } from '../entities/depot-schema';

/** The depot's entities, migrations and schema in a database it may share with the platform. */
export const DEPOT_TARGET: OrmTarget = { entities: DEPOT_ENTITIES, migrationsPath: join(__dirname, 'migrations'), schema: DEPOT_SCHEMA };
