import Fastify, { type HTTPMethods } from 'fastify';
import { readAllOperations, type OperationSpec } from './contract';
import { routeUrl } from './register-operations';

const operations = readAllOperations();

const segments = (path: string) => path.split('/');
const isTemplate = (segment: string) => /^\{[^}]+\}$/.test(segment);

/** Whether the literal path has the template's shape: same length, equal wherever the template is literal. */
const fits = (literal: string, template: string) => {
  const [a, b] = [segments(literal), segments(template)];
  return a.length === b.length && b.every((s, i) => isTemplate(s) || s === a[i]);
};

const templated = operations.filter((op) => op.path.includes('{'));
const literals = operations.filter((op) => !op.path.includes('{'));

/** Every (literal operation, templated operation) pair whose paths the template alone would confuse. */
const siblings = literals.flatMap((literal) =>
  templated.filter((t) => fits(literal.path, t.path)).map((t) => ({ literal, template: t })),
);

/** A router holding every operation's URL (as registerOperations builds it) that answers the route it chose. */
async function routerOfAllOperations() {
  const app = Fastify();
  for (const op of operations) {
    app.route({
      method: op.method.toUpperCase() as HTTPMethods,
      url: routeUrl(op),
      handler: async () => ({ operationId: op.operationId }),
    });
  }
  await app.ready();
  return app;
}

const concrete = (op: OperationSpec) => `/api${op.path}`;

test('the contract has literal siblings of templated paths (the routing rule is exercised)', () => {
  const paths = siblings.map((s) => s.literal.path);
  expect(paths).toContain('/project-service/v1/project/user-role-List');
  expect(paths.length).toBeGreaterThan(3);
});

test('a literal path always reaches its own operation, never a templated sibling, whatever the method', async () => {
  const app = await routerOfAllOperations();
  try {
    for (const { literal, template } of siblings) {
      const own = await app.inject({ method: literal.method.toUpperCase() as 'GET', url: concrete(literal) });
      expect({ path: literal.path, answered: own.json() }).toEqual({
        path: literal.path,
        answered: { operationId: literal.operationId },
      });
      // The template's method on the literal path: the literal's own operation when it has that method, else 404.
      const other = await app.inject({ method: template.method.toUpperCase() as 'GET', url: concrete(literal) });
      const sameMethod = literals.find((op) => op.path === literal.path && op.method === template.method);
      if (sameMethod) expect(other.json()).toEqual({ operationId: sameMethod.operationId });
      else
        expect({ path: literal.path, method: template.method, status: other.statusCode }).toMatchObject({
          status: 404,
        });
    }
  } finally {
    await app.close();
  }
});

test('an unserved literal next to an integer template is a 404, and the template still takes its ids', async () => {
  const app = await routerOfAllOperations();
  try {
    const unserved = await app.inject({ method: 'GET', url: '/api/project-service/v1/project/noSuchCall' });
    expect(unserved.statusCode).toBe(404);
    const byId = await app.inject({ method: 'GET', url: '/api/project-service/v1/project/42' });
    expect(byId.json()).toEqual({ operationId: 'getProject' });
  } finally {
    await app.close();
  }
});
