import pino, { type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs; keys and passwords never reach them (see the redact paths). */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'analysis-platform' },
    redact: { paths: ['key', 'password', '*.key', '*.password', 'req.headers.authorization', 'req.headers["x-api-key"]', 'err.body', '*.err.body'], censor: '[redacted]' },
  });
}
