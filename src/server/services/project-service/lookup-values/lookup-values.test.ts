import { withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { LOOKUP_MESSAGES } from '../../../../shared/lookup-rules';
import { listLookupRows } from './lookup-values-store';

let t: TestApp;
let acme: number;
let globex: number;
let acmeAdmin: SignedIn;
let analyst: SignedIn;
let dual: SignedIn;

const pair = (english: string, spanish: string, tenantId: number, extra: Record<string, unknown> = {}) => [
  {
    description: english,
    attributeType: 'DEPARTMENT',
    languageId: 1,
    tenantId,
    active: true,
    default: false,
    object: 'PROJECT',
    ...extra,
  },
  {
    description: spanish,
    attributeType: 'DEPARTMENT',
    languageId: 2,
    tenantId,
    active: true,
    default: false,
    object: 'PROJECT',
    ...extra,
  },
];

const rowsOf = (tenantId: number) => withTenant(t.db, tenantId, (trx) => listLookupRows(trx, [1, 2, 3]));

const create = (body: unknown, token = acmeAdmin, operatingTenant = acme, tenantId = acme) =>
  t.api.call('createLookupValue', { token, operatingTenant, query: { tenant_id: tenantId }, body });

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  [acmeAdmin, analyst, dual] = await t.signInAs('admin@acme.test', 'analyst@acme.test', 'dual@globex.test');
});
afterAll(() => t.close());

describe('createLookupValue', () => {
  test('adds the English and Spanish rows under the next attributeId and shows them in the project form lookups', async () => {
    const before = (await rowsOf(acme)).filter((r) => r.attributeType === 'DEPARTMENT');
    const next = Math.max(0, ...before.map((r) => r.attributeId)) + 1;
    const saved = await t.api.ok('createLookupValue', {
      token: acmeAdmin,
      operatingTenant: acme,
      query: { tenant_id: acme },
      body: pair('Claims Fraud', 'Fraude de reclamaciones', acme) as never,
    });
    expect(saved.message).toBe('lookup created successfully');
    expect(saved.attributes.map((a) => [a.attributeId, a.languageId, a.description, a.object])).toEqual([
      [next, 1, 'Claims Fraud', 'PROJECT'],
      [next, 2, 'Fraude de reclamaciones', 'PROJECT'],
    ]);

    // What the project form reads: project/attributes in the interface language.
    const spanish = await t.api.ok('listProjectAttributes', {
      token: acmeAdmin,
      operatingTenant: acme,
      query: { tenant_id: acme, language_id: 2, active: true },
    });
    expect(spanish.attributes).toContainEqual(
      expect.objectContaining({
        attributeType: 'DEPARTMENT',
        attributeId: next,
        description: 'Fraude de reclamaciones',
      }),
    );
    // ... and the attribute fetch by language the Lookups tab pairs.
    const { tenantAttributes } = await t.api.ok('listAttributesByLanguage', {
      token: analyst,
      operatingTenant: acme,
      query: { tenant_id: acme },
    });
    expect(tenantAttributes.filter((a) => a.attributeId === next && a.attributeType === 'DEPARTMENT')).toHaveLength(2);
    expect(tenantAttributes.some((a) => a.attributeType === 'STATUS' || a.attributeType === 'STAGE')).toBe(false);
  });

  test('a value in one language only is kept; Tagalog falls back to English in the project form', async () => {
    const saved = await t.api.ok('createLookupValue', {
      token: acmeAdmin,
      operatingTenant: acme,
      query: { tenant_id: acme },
      body: pair('Underwriting', '', acme) as never,
    });
    expect(saved.attributes.map((a) => a.languageId)).toEqual([1]);
    const tagalog = await t.api.ok('listProjectAttributes', {
      token: acmeAdmin,
      operatingTenant: acme,
      query: { tenant_id: acme, language_id: 3 },
    });
    expect(tagalog.attributes).toContainEqual(expect.objectContaining({ description: 'Underwriting', languageId: 1 }));
  });

  test('the rules answer 422 with their messages and change nothing', async () => {
    const before = await rowsOf(acme);
    const cases: Array<[unknown, string, string]> = [
      [pair('', ' ', acme), 'description', LOOKUP_MESSAGES.VALUE_REQUIRED],
      [pair('A', 'B', acme, { attributeType: 'STATUS' }), 'attributeType', LOOKUP_MESSAGES.FIELD_NAME],
      [pair('A', 'B', acme, { attributeType: 'NOPE' }), 'attributeType', LOOKUP_MESSAGES.FIELD_NAME],
      [pair('A', 'B', acme, { object: 'PARTICIPANT' }), 'object', LOOKUP_MESSAGES.OBJECT],
      [pair('A', 'B', acme, { languageId: 1 }), 'languageId', LOOKUP_MESSAGES.ONE_PER_LANGUAGE],
      [[pair('A', 'B', acme)[0], { ...pair('A', 'B', acme)[1], active: false }], 'active', LOOKUP_MESSAGES.SAME_VALUE],
    ];
    for (const [body, field, message] of cases) {
      const response = await create(body);
      expect(response.status).toBe(422);
      expect((response.body as { errors: unknown[] }).errors).toContainEqual({ field, message });
    }
    expect(await rowsOf(acme)).toEqual(before);
  });

  test('permissions and tenant isolation: refused calls change nothing', async () => {
    const acmeBefore = await rowsOf(acme);
    const globexBefore = await rowsOf(globex);
    expect((await create(pair('X', 'Y', acme), analyst)).status).toBe(403);
    // Another tenant named in the query or in an item.
    expect((await create(pair('X', 'Y', globex), acmeAdmin, acme, globex)).status).toBe(403);
    expect((await create(pair('X', 'Y', globex), acmeAdmin, acme, acme)).status).toBe(403);
    // A tenant the caller does not belong to as the operating tenant.
    expect((await create(pair('X', 'Y', globex), acmeAdmin, globex, globex)).status).toBe(403);
    expect(await rowsOf(acme)).toEqual(acmeBefore);
    expect(await rowsOf(globex)).toEqual(globexBefore);
    // Globex's list never shows Acme's values.
    const { tenantAttributes } = await t.api.ok('listAttributesByLanguage', {
      token: dual,
      operatingTenant: globex,
      query: { tenant_id: globex },
    });
    expect(tenantAttributes.every((a) => a.tenantId === globex)).toBe(true);
    await t.api.fails('listAttributesByLanguage', 403, {
      token: dual,
      operatingTenant: globex,
      query: { tenant_id: acme },
    });
  });
});

describe('updateLookupValue', () => {
  const update = (body: unknown, token = acmeAdmin, operatingTenant = acme) =>
    t.api.call('updateLookupValue', { token, operatingTenant, query: { tenant_id: operatingTenant }, body });

  async function created(english: string, spanish: string) {
    const { attributes } = await t.api.ok('createLookupValue', {
      token: acmeAdmin,
      operatingTenant: acme,
      query: { tenant_id: acme },
      body: pair(english, spanish, acme) as never,
    });
    return attributes;
  }

  test('changes the texts and the status of both languages', async () => {
    const [en, es] = await created('Legal', 'Legal');
    const body = pair('Legal Affairs', 'Asuntos legales', acme, { active: false }).map((item, i) => ({
      ...item,
      id: [en!.id, es!.id][i],
    }));
    const saved = await t.api.ok('updateLookupValue', {
      token: acmeAdmin,
      operatingTenant: acme,
      query: { tenant_id: acme },
      body: body as never,
    });
    expect(saved.message).toBe('lookup updated successfully');
    expect(saved.attributes.map((a) => [a.id, a.description, a.active])).toEqual([
      [en!.id, 'Legal Affairs', false],
      [es!.id, 'Asuntos legales', false],
    ]);
    const active = await t.api.ok('listProjectAttributes', {
      token: acmeAdmin,
      operatingTenant: acme,
      query: { tenant_id: acme, active: true },
    });
    expect(active.attributes.map((a) => a.description)).not.toContain('Legal Affairs');
  });

  test('adds a missing language and removes an emptied one, but never the last', async () => {
    const [en] = await created('Audit', '');
    const added = await t.api.ok('updateLookupValue', {
      token: acmeAdmin,
      operatingTenant: acme,
      query: { tenant_id: acme },
      body: pair('Audit', 'Auditoría', acme).map((item, i) => (i === 0 ? { ...item, id: en!.id } : item)) as never,
    });
    const es = added.attributes.find((a) => a.languageId === 2)!;
    expect(es.description).toBe('Auditoría');
    const removed = await t.api.ok('updateLookupValue', {
      token: acmeAdmin,
      operatingTenant: acme,
      query: { tenant_id: acme },
      body: pair('', 'Auditoría', acme).map((item, i) => ({ ...item, id: [en!.id, es.id][i] })) as never,
    });
    expect(removed.attributes.map((a) => a.languageId)).toEqual([2]);
  });

  test('the field name is locked; unknown, foreign or mismatched rows are 404; refusals change nothing', async () => {
    const [en, es] = await created('Compliance', 'Cumplimiento');
    const before = await rowsOf(acme);
    const locked = await update(
      pair('Compliance', 'Cumplimiento', acme, { attributeType: 'LOCATION' }).map((item, i) => ({
        ...item,
        id: [en!.id, es!.id][i],
      })),
    );
    expect(locked.status).toBe(422);
    expect((locked.body as { errors: unknown[] }).errors).toContainEqual({
      field: 'attributeType',
      message: LOOKUP_MESSAGES.LOCKED,
    });
    const globexRow = (await rowsOf(globex))[0];
    if (globexRow) {
      const foreign = pair('Hijack', 'Secuestro', acme, { attributeType: globexRow.attributeType }).map((item) => ({
        ...item,
        id: globexRow.id,
      }));
      expect((await update([foreign[0]])).status).toBe(404);
    }
    expect((await update([{ ...pair('A', 'B', acme)[0], id: 2147483647 }])).status).toBe(404);
    expect((await update([{ ...pair('A', 'B', acme)[0], id: en!.id }], analyst)).status).toBe(403);
    expect(await rowsOf(acme)).toEqual(before);
  });
});
