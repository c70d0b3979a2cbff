import { DepotRequestError } from '../../../src/services/depot-installs/depot-client';
import { DepotAllowList } from '../../../src/services/depot-installs/depot-urls';
import { parseInstallInfo } from '../../../src/services/depot-installs/install-info';
import { compareVersions } from '../../../src/services/tools/tool-catalog.service';

describe('the depots an operator allows (DEPOT_URLS)', () => {
  const allowed = new DepotAllowList(['http://127.0.0.1:9009', 'https://depot.example.org/shed/', 'not a url']);

  it('match the same address with or without a trailing slash, and a bare host:port', () => {
    expect(allowed.size).toBe(2);
    expect(allowed.match('http://127.0.0.1:9009/')?.base).toBe('http://127.0.0.1:9009');
    expect(allowed.match('https://DEPOT.example.org/shed')?.base).toBe('https://depot.example.org/shed');
    expect(allowed.match('127.0.0.1:9009')?.base).toBe('http://127.0.0.1:9009');
  });

  it('refuse any other address: another host, port, path, scheme, credentials or query', () => {
    for (const url of ['http://localhost:9009', 'http://127.0.0.1:9010', 'https://depot.example.org/', 'ftp://127.0.0.1:9009', 'http://user@127.0.0.1:9009', 'http://127.0.0.1:9009/?x=1', '', '../etc']) {
      expect([url, allowed.match(url)]).toEqual([url, null]);
    }
  });
});

describe("a depot's install information", () => {
  const info = (name: string, owner: string, changeset: string, clone = 'http://127.0.0.1:9009/repos/alice/x') => [
    { name, owner },
    { changeset_revision: changeset, includes_tools: true },
    { [name]: ['description', clone, changeset, '3', owner, {}, {}] },
  ];

  it('is read into the revision to install, the depot named by its clone URL (without the caller in it)', () => {
    expect(parseInstallInfo(info('x', 'alice', '0123456789ab', 'http://bob@127.0.0.1:9009/repos/alice/x'), 'x')).toMatchObject({ name: 'x', owner: 'alice', changesetRevision: '0123456789ab', ctxRev: '3', toolShed: '127.0.0.1:9009', includesTools: true });
  });

  it('is none for [{}, {}, {}] and [repository, {}, {}]', () => {
    expect(parseInstallInfo([{}, {}, {}], 'x')).toBeNull();
    expect(parseInstallInfo([{ name: 'x' }, {}, {}], 'x')).toBeNull();
  });

  it('is refused when a name, owner or changeset could not be a directory name', () => {
    for (const [name, owner, changeset] of [['..', 'alice', '0123456789ab'], ['x', 'a/b', '0123456789ab'], ['x', 'alice', '../../etc'], ['.hidden', 'alice', '0123456789ab']]) {
      expect(() => parseInstallInfo(info(name, owner, changeset), name)).toThrow(DepotRequestError);
    }
    expect(() => parseInstallInfo({ not: 'a list' }, 'x')).toThrow(DepotRequestError);
  });
});

describe('tool versions', () => {
  it('order as the platform orders them (numbers as numbers)', () => {
    const versions = ['1.10.0', '1.2.0', '1.2', '2.0.0b1', '2.0.0', '0.9'];
    expect([...versions].sort(compareVersions)).toEqual(['0.9', '1.2', '1.2.0', '1.10.0', '2.0.0', '2.0.0b1']);
  });
});
