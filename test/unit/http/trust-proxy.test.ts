import express from 'express';
import request from 'supertest';
import { trustProxyOf } from '../../../src/config/app-config';
import { applyTrustProxy } from '../../../src/http/trust-proxy';

/** TRUST_PROXY: read as express's `trust proxy`, and what a request then reports. */
describe('TRUST_PROXY is read as express reads `trust proxy`', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['true', true],
    ['TRUE', true],
    ['2', 2],
    ['loopback', ['loopback']],
    ['10.0.0.0/8, 192.168.1.7 ,loopback', ['10.0.0.0/8', '192.168.1.7', 'loopback']],
  ])('%p -> %p', (value, expected) => {
    expect(trustProxyOf(value)).toEqual(expected);
  });

  it('stops the start, naming the setting, on an address express cannot read', () => {
    expect(() => applyTrustProxy(express(), ['not-an-address'])).toThrow(/^TRUST_PROXY: invalid IP address: not-an-address$/);
  });
});

describe('a request through a proxy', () => {
  const appWith = (trustProxy: ReturnType<typeof trustProxyOf>) => {
    const app = express();
    applyTrustProxy(app, trustProxy);
    app.get('/', (req, res) => {
      res.json({ secure: req.secure, ip: req.ip });
    });
    return app;
  };
  const through = (app: express.Express) => request(app).get('/').set('X-Forwarded-Proto', 'https').set('X-Forwarded-For', '203.0.113.9');

  it('is believed about HTTPS and the client only when the proxy is trusted', async () => {
    expect((await through(appWith(false))).body).toEqual({ secure: false, ip: expect.stringMatching(/127\.0\.0\.1$/) });
    expect((await through(appWith(true))).body).toEqual({ secure: true, ip: '203.0.113.9' });
    expect((await through(appWith(['loopback']))).body).toEqual({ secure: true, ip: '203.0.113.9' });
    expect((await through(appWith(1))).body).toEqual({ secure: true, ip: '203.0.113.9' });
    // A proxy at another address is not believed.
    expect((await through(appWith(['10.0.0.0/8']))).body).toEqual({ secure: false, ip: expect.stringMatching(/127\.0\.0\.1$/) });
  });
});
