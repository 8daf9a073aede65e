import { htmlReport, junitXml, terminalSummary } from './report-writers';
import type { RunReport } from './report-model';

const report: RunReport = {
  mode: 'check',
  target: 'http://127.0.0.1:8080',
  startedAt: '2026-11-28T10:00:00.000Z',
  finishedAt: '2026-11-28T10:01:00.000Z',
  seed: 7,
  requests: 12,
  budgetExhausted: false,
  unmatched: [],
  operations: [
    {
      operationId: 'listThings',
      service: 'thing-service',
      method: 'GET',
      path: '/api/things',
      requests: 8,
      statuses: { 200: 6, 401: 2 },
      durationsMs: [10, 20, 30],
      notes: [],
      violations: [
        {
          check: 'response_schema_conformance',
          count: 2,
          examples: [
            {
              label: 'valid 1',
              curl: `curl -sS -X GET 'http://127.0.0.1:8080/api/things?q=<b>' -H "authorization: Bearer $CALLER_BEARERAUTH"`,
              status: 200,
              responsePreview: '[{"id":1,"extra":"</pre><script>"}]',
              message: '200 body: /0 must NOT have additional properties (extra)',
            },
          ],
        },
      ],
    },
    {
      operationId: 'createThing',
      service: 'thing-service',
      method: 'POST',
      path: '/api/things',
      requests: 0,
      statuses: {},
      durationsMs: [],
      notes: ['not run: a write (run with --allow-writes against a service whose data may change)'],
      violations: [],
    },
  ],
};

test('JUnit: a test case per operation, a failure per violated check, a skip for what did not run', () => {
  const xml = junitXml(report);
  expect(xml).toContain('<testsuite name="thing-service" tests="2" failures="1" skipped="1" errors="0">');
  expect(xml).toContain(
    '<failure type="response_schema_conformance" message="response_schema_conformance ×2: 200 body',
  );
  expect(xml).toContain('<skipped message="not run: a write');
  expect(xml).toContain('q=&lt;b&gt;');
});

test('HTML: one page without outside resources, violations by operation with curl lines, escaped', () => {
  const html = htmlReport(report);
  expect(html).not.toMatch(/<(script|link|img)\b/);
  expect(html).toContain('<details open><summary class="bad">listThings — GET <code>/api/things</code> (1)</summary>');
  expect(html).toContain('curl -sS -X GET &#39;http://127.0.0.1:8080/api/things?q=&lt;b&gt;&#39;');
  expect(html).toContain('&lt;/pre&gt;&lt;script&gt;');
  expect(html).toContain('<strong class="bad">1 violations</strong> on 1 operations');
});

test('terminal: what was exercised, each violation with its curl line, the slowest operations', () => {
  const text = terminalSummary(report);
  expect(text).toContain('12 requests, 1 of 2 operations exercised (1 answered 2xx), seed 7');
  expect(text).toContain('✗ listThings (GET /api/things)');
  expect(text).toContain('response_schema_conformance ×2');
  expect(text).toContain('listThings: 30 ms / 20 ms');
  expect(text).toContain('1 violations on 1 operations.');
});
