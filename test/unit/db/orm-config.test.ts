import { buildOrmConfig } from '../../../mikro-orm.config';

/**
 * The ORM reads a URL's host name only: a URL naming a Unix socket's directory in its `host`
 * parameter (libpq's form, the embedded server's) must reach that socket, not localhost:5432.
 */
describe('buildOrmConfig: where a URL connects', () => {
  it("gives a URL's socket directory (?host=) to the ORM as its host, on the URL's port or 5432", () => {
    expect(buildOrmConfig('postgresql://postgres:secret@localhost/platform?host=%2Fdata%2Fpostgres-socket')).toMatchObject({ host: '/data/postgres-socket', port: 5432 });
    expect(buildOrmConfig('postgresql://postgres:secret@localhost:5433/platform?host=/run/pg')).toMatchObject({ host: '/run/pg', port: 5433 });
  });

  it('leaves a TCP URL to the ORM as it is', () => {
    const config = buildOrmConfig('postgres://postgres@127.0.0.1:5432/test');
    expect(config.clientUrl).toBe('postgres://postgres@127.0.0.1:5432/test');
    expect(config.host).toBeUndefined();
  });
});
