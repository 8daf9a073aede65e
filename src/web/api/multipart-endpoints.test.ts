import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MULTIPART_ENDPOINTS, toFormData } from './multipart-endpoints';

interface Operation {
  operationId?: string;
  requestBody?: { content?: Record<string, unknown> };
}

const contracts = join(__dirname, '../../contracts');

const multipartOperationIds = (): string[] =>
  readdirSync(contracts)
    .filter((file) => file.endsWith('.openapi.json'))
    .flatMap((file) => {
      const document = JSON.parse(readFileSync(join(contracts, file), 'utf8')) as { paths: Record<string, Record<string, Operation>> };
      return Object.values(document.paths).flatMap((pathItem) => Object.values(pathItem));
    })
    .filter((operation) => operation.requestBody?.content?.['multipart/form-data'] !== undefined)
    .map((operation) => operation.operationId as string);

describe('multipart endpoints', () => {
  it('are exactly the operations whose body the contract declares as multipart/form-data', () => {
    expect([...MULTIPART_ENDPOINTS].sort()).toEqual(multipartOperationIds().sort());
  });

  it('turn a form object into FormData: files kept, null empty, undefined left out', () => {
    const logo = new File(['png'], 'logo.png', { type: 'image/png' });
    const data = toFormData({ tenantName: 'Acme', isActive: true, numberOfInterviews: null, tenantLogo: logo, restrictionId: undefined });
    expect(data.get('tenantName')).toBe('Acme');
    expect(data.get('isActive')).toBe('true');
    expect(data.get('numberOfInterviews')).toBe('');
    expect((data.get('tenantLogo') as File).name).toBe('logo.png');
    expect(data.has('restrictionId')).toBe(false);
  });
});
