import type { NextFunction, Request, Response } from 'express';
import { queryScope } from '../db/query-scope';

export const QUERY_COUNT_HEADER = 'x-sql-queries';

/**
 * Runs each request in its own query tally. With `expose` (tests and benchmarks), the response
 * carries the number of SQL statements the request cost up to its headers.
 */
export function queryCountMiddleware(expose: boolean) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const tally = { count: 0 };
    if (expose) {
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
      res.writeHead = ((...args: unknown[]) => {
        if (!res.headersSent) res.setHeader(QUERY_COUNT_HEADER, String(tally.count));
        return writeHead(...args);
      }) as Response['writeHead'];
    }
    queryScope.run(tally, next);
  };
}
