import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, originOf } from '../../../src/config/app-config';
import { upgradeOriginAllowed } from '../../../src/graphql/server/socket-origin';

describe('the Origin a WebSocket upgrade may come from', () => {
  const host = 'galaxy.example.org:8080';

  it("accepts the service's own origin (its Host over http or https, written in any case, a default port or not)", () => {
    expect(upgradeOriginAllowed('http://galaxy.example.org:8080', host, [])).toBe(true);
    expect(upgradeOriginAllowed('https://Galaxy.Example.org:8080', host, [])).toBe(true);
    expect(upgradeOriginAllowed('https://galaxy.example.org', 'galaxy.example.org:443', [])).toBe(true);
  });

  it('accepts an upgrade without Origin (not a browser)', () => {
    expect(upgradeOriginAllowed(undefined, host, [])).toBe(true);
  });

  it('refuses another port of the same host, another host, an opaque origin and an unreadable one', () => {
    expect(upgradeOriginAllowed('http://galaxy.example.org:8081', host, [])).toBe(false);
    expect(upgradeOriginAllowed('http://attacker.example', host, [])).toBe(false);
    expect(upgradeOriginAllowed('null', host, [])).toBe(false);
    expect(upgradeOriginAllowed('not an origin', host, [])).toBe(false);
    expect(upgradeOriginAllowed('http://galaxy.example.org:8080', undefined, [])).toBe(false);
  });

  it('accepts the origins of ALLOWED_ORIGINS', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'socket-origin-'));
    const allowed = loadConfig({ DATA_DIR: dataDir, ALLOWED_ORIGINS: 'https://UI.example.org/, http://localhost:5173' }).allowedOrigins;
    rmSync(dataDir, { recursive: true, force: true });
    expect(allowed).toEqual(['https://ui.example.org', 'http://localhost:5173']);
    expect(upgradeOriginAllowed('https://ui.example.org', host, allowed)).toBe(true);
    expect(upgradeOriginAllowed('http://localhost:5173', host, allowed)).toBe(true);
    expect(upgradeOriginAllowed('http://localhost:5174', host, allowed)).toBe(false);
  });
});

describe('ALLOWED_ORIGINS', () => {
  it('holds origins only: a path, a query or something that is no URL stops the start with a message', () => {
    expect(originOf('https://ui.example.org:443')).toBe('https://ui.example.org');
    expect(() => originOf('https://ui.example.org/app')).toThrow("ALLOWED_ORIGINS: 'https://ui.example.org/app' is not an origin (scheme://host[:port])");
    expect(() => originOf('ui.example.org')).toThrow(/is not an origin/);
    expect(() => originOf('https://ui.example.org/?a=1')).toThrow(/is not an origin/);
  });
});
