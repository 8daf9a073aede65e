import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PUBLIC_ENDPOINTS } from './public-endpoints';

interface Operation {
  operationId?: string;
  'x-public'?: boolean;
}

const contracts = join(__dirname, '../../contracts');

const publicOperationIds = (): string[] =>
  readdirSync(contracts)
    .filter((file) => file.endsWith('.openapi.json'))
    .flatMap((file) => {
      const document = JSON.parse(readFileSync(join(contracts, file), 'utf8')) as {
        paths: Record<string, Record<string, Operation>>;
      };
      return Object.values(document.paths).flatMap((pathItem) => Object.values(pathItem));
    })
    .filter((operation) => operation['x-public'] === true && typeof operation.operationId === 'string')
    .map((operation) => operation.operationId as string);

describe('public endpoints', () => {
  it('are exactly the operations the contract marks x-public', () => {
    expect([...PUBLIC_ENDPOINTS].sort()).toEqual(publicOperationIds().sort());
  });
});
