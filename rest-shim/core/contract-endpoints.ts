import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One row of the contract's endpoint list (rest-shim/contract/endpoints.tsv, copied from the spec). */
export interface ContractEndpoint {
  app: 'platform' | 'depot';
  method: string;
  path: string;
  area: string;
  access: string;
}

let cached: ContractEndpoint[] | undefined;

export function contractEndpoints(): ContractEndpoint[] {
  cached ??= readFileSync(join(__dirname, '../contract/endpoints.tsv'), 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => line.trim().length > 0)
    .map((line) => {
      const [app, method, path, area, access] = line.split('\t');
      return { app: app as ContractEndpoint['app'], method, path, area, access };
    });
  return cached;
}

/** `/api/users/{user_id}` -> `/api/users/:user_id` (Express syntax). */
export function toExpressPath(contractPath: string): string {
  return contractPath.replace(/\{(\w+)\}/g, ':$1');
}

/** Both spellings reduced to one shape, to compare routes with the contract. */
export function normalisePath(path: string): string {
  return path.replace(/\{\w+\}|:\w+/g, '{}').replace(/\/$/, '') || '/';
}
