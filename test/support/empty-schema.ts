/** What can run SQL: the ORM's connection of a platform or a depot. */
interface SqlConnection {
  execute(sql: string): Promise<unknown>;
}

/**
 * Empties every table of a schema but its applied migrations, and restarts the sequences its
 * tables own at 1: what `truncate … restart identity cascade` does, in one statement on the server.
 *
 * A truncate of every table costs a new file per table (~300 ms for the platform's 62 tables on
 * the PostgreSQL server, for every test platform started). A test file fills
 * a few tables: only those are emptied, with DELETE and the foreign keys' triggers off for the
 * statement's transaction (session_replication_role), and only the sequences that were used are
 * restarted.
 */
export async function emptySchema(connection: SqlConnection, schema: string): Promise<void> {
  if (!/^[a-z_]+$/.test(schema)) throw new Error(`not a schema name: ${schema}`);
  // The platform's workers already poll: a claim that locks rows the deletes need can deadlock with
  // them; PostgreSQL then cancels one side, and this side tries again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await connection.execute(emptyingBlock(schema));
      return;
    } catch (error) {
      if (attempt >= 5 || !/deadlock detected/.test(String(error))) throw error;
    }
  }
}

function emptyingBlock(schema: string): string {
  return `do $empty$
declare
  target record;
  has_rows boolean;
  filled text[] := '{}';
  name text;
begin
  perform set_config('session_replication_role', 'replica', true);
  for target in
    select c.oid::regclass as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = '${schema}' and c.relkind in ('r', 'p') and c.relname <> 'mikro_orm_migrations'
  loop
    execute format('select exists (select 1 from %s)', target.name) into has_rows;
    if has_rows then filled := filled || target.name::text; end if;
  end loop;
  if array_length(filled, 1) > 0 then
    -- All at once, as a truncate would: the workers' statements wait instead of meeting row by row.
    execute 'lock table ' || array_to_string(filled, ', ') || ' in access exclusive mode';
    foreach name in array filled loop
      execute 'delete from ' || name;
    end loop;
  end if;
  for target in
    select format('%I.%I', schemaname, sequencename)::regclass as name from pg_sequences
    where schemaname = '${schema}' and last_value is not null
  loop
    if exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = target.name and d.deptype in ('a', 'i')) then
      execute format('alter sequence %s restart', target.name);
    end if;
  end loop;
  perform set_config('session_replication_role', 'origin', true);
end
$empty$`;
}
