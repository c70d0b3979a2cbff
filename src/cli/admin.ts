/**
 * Operator commands, run against the configured database:
 *   npm run admin -- create-user --email a@b.org --username alice --password secret1
 *   npm run admin -- api-key --email a@b.org
 *   npm run admin -- list-users
 *   npm run admin -- import-galaxy --database postgres://… --file-path /galaxy/database/files [--copy] [--dry-run]
 *   npm run admin -- carry-over-pglite [--from DATA_DIR/pgdata] [--to postgres://…]
 * On the embedded database these run beside a running service (they join its server).
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { createServices } from '../app/services';
import { loadConfig } from '../config/app-config';
import { Caller } from '../context/caller';
import { RequestContext } from '../context/request-context';
import { openDatabase } from '../db/database';
import { User } from '../entities/user.entity';
import { AppError } from '../errors/error-kinds';
import { createLogger } from '../logging/logger';
import { IMPORT_USAGE, importGalaxyCommand } from '../importer/import-galaxy-command';
import { CARRY_OVER_USAGE, carryOverCommand } from './carry-over-pglite';

const USAGE = `usage: npm run admin -- <create-user --email E --username U --password P | api-key --email E | list-users | import-galaxy … | carry-over-pglite …>\n${IMPORT_USAGE}\n${CARRY_OVER_USAGE}`;

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'import-galaxy') {
    const config = loadConfig();
    return importGalaxyCommand(rest, config, createLogger(process.env.LOG_LEVEL ?? 'info'), (line) => process.stdout.write(`${line}\n`));
  }
  if (command === 'carry-over-pglite') {
    return carryOverCommand(rest, loadConfig(), createLogger(process.env.LOG_LEVEL ?? 'warn'), (line) => process.stdout.write(`${line}\n`));
  }
  const { values } = parseArgs({ args: rest, options: { email: { type: 'string' }, username: { type: 'string' }, password: { type: 'string' } } });
  const config = loadConfig();
  const log = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
  try {
    const services = createServices(config, db, log);
    const ctx = new RequestContext(db.orm.em.fork({ useContext: true }), Caller.master(), services, log);
    const out = (line: string) => process.stdout.write(`${line}\n`);
    switch (command) {
      case 'create-user': {
        const user = await services.users.create(ctx, { email: values.email, username: values.username, password: values.password });
        const key = await services.users.issueApiKey(ctx, user);
        out(`created ${user.email} (id ${services.ids.encode(user.id)})`);
        out(`API key: ${key}`);
        if (!config.adminUsers.includes(user.email)) out(`To make this user an administrator, add ${user.email} to ADMIN_USERS.`);
        return 0;
      }
      case 'api-key': {
        const user = await ctx.em.findOne(User, { email: values.email ?? '', deleted: false });
        if (!user) throw new AppError('ObjectNotFound', `No active user with email ${values.email ?? ''}.`);
        out(`API key: ${await services.users.issueApiKey(ctx, user)}`);
        return 0;
      }
      case 'list-users': {
        for (const user of await ctx.em.find(User, {}, { orderBy: { id: 'asc' } })) {
          out(`${services.ids.encode(user.id)}\t${user.email}\t${user.username ?? ''}${user.deleted ? '\tdeleted' : ''}`);
        }
        return 0;
      }
      default:
        process.stderr.write(`${USAGE}\n`);
        return 2;
    }
  } finally {
    await db.close();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
