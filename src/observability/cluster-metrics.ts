import cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { platformMetrics } from './platform-metrics';

const ASK = 'platform-metrics:ask';
const ANSWER = 'platform-metrics:answer';
const ANSWER_TIMEOUT_MS = 5000;

interface Ask {
  kind: typeof ASK;
  id: number;
}
interface Answer {
  kind: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/**
 * In the cluster primary (WEB_CONCURRENCY > 1): a worker that serves `GET /metrics` asks the primary,
 * which gathers every worker's registry (prom-client's AggregatorRegistry: counters and histograms
 * summed, the database-backed gauges taken once) and answers the asking worker.
 */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: Partial<Ask>) => {
    if (message?.kind !== ASK || typeof message.id !== 'number') return;
    const id = message.id;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ kind: ANSWER, id, text } satisfies Answer),
      (error: Error) => worker.send({ kind: ANSWER, id, error: error.message } satisfies Answer),
    );
  });
}

/** In a cluster worker: prom-client answers the primary's gathering with this process's registry. */
export function shareMetricsWithPrimary(): void {
  AggregatorRegistry.setRegistries([platformMetrics().registry]);
  // Making one adds prom-client's listener for the primary's requests (in a worker it gathers nothing itself).
  new AggregatorRegistry();
}

let asked = 0;

/** The metrics text `/metrics` answers: every process's behind a cluster primary, else this process's. */
export async function metricsText(): Promise<string> {
  if (!cluster.isWorker || !process.send) return platformMetrics().registry.metrics();
  const id = (asked += 1);
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('the cluster primary did not answer with the metrics'));
    }, ANSWER_TIMEOUT_MS);
    const onMessage = (message: Partial<Answer>) => {
      if (message?.kind !== ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (message.error !== undefined || message.text === undefined) reject(new Error(message.error ?? 'no metrics'));
      else resolve(message.text);
    };
    process.on('message', onMessage);
    process.send?.({ kind: ASK, id } satisfies Ask);
  });
}

/** The registry's content type (Prometheus text format). */
export const METRICS_CONTENT_TYPE = platformMetrics().registry.contentType;
