import { timingSafeEqual } from 'node:crypto';
import { type Request, type Response, Router } from 'express';
import type { Logger } from '../logging/logger';
import { METRICS_CONTENT_TYPE, metricsText } from '../observability/cluster-metrics';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET /metrics`: the platform's metrics in Prometheus's text format (every server process's behind
 * the cluster primary). Open, or with METRICS_TOKEN set, only for `Authorization: Bearer <token>`
 * (401 otherwise).
 */
export function metricsRoute(token: string | null, log: Logger): Router {
  const router = Router();
  router.get('/metrics', async (req: Request, res: Response) => {
    if (token !== null) {
      const given = /^Bearer (.+)$/i.exec(req.get('authorization') ?? '')?.[1] ?? '';
      if (!sameToken(given, token)) {
        res.status(401).setHeader('www-authenticate', 'Bearer realm="metrics"');
        res.json({ error: 'The metrics need the token of METRICS_TOKEN (Authorization: Bearer <token>).' });
        return;
      }
    }
    try {
      const text = await metricsText();
      res.setHeader('cache-control', 'no-store');
      res.type(METRICS_CONTENT_TYPE).send(text);
    } catch (error) {
      log.error({ err: error }, 'the metrics could not be gathered');
      res.status(503).json({ error: 'The metrics could not be gathered; try again.' });
    }
  });
  return router;
}
