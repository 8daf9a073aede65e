/** The three forms of a run's report: a terminal summary, JUnit XML for CI, and one self-contained HTML page. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_SAMPLE_FILES } from './sample-files';
import { median, violationCount, type OperationResult, type RunReport } from './report-model';

const ms = (value: number) => `${Math.round(value)} ms`;

/** Operations that answered at least one request with 2xx: how far the run got past the refusals. */
const succeeded = (report: RunReport) =>
  report.operations.filter((op) => Object.keys(op.statuses).some((s) => s.startsWith('2'))).length;

function slowest(report: RunReport, count: number): OperationResult[] {
  return report.operations
    .filter((op) => op.durationsMs.length)
    .sort((a, b) => Math.max(...b.durationsMs) - Math.max(...a.durationsMs))
    .slice(0, count);
}

export function terminalSummary(report: RunReport): string {
  const lines: string[] = [];
  const exercised = report.operations.filter((op) => op.requests > 0);
  const violating = report.operations.filter((op) => op.violations.length);
  lines.push(
    `Conformance ${report.mode === 'proxy' ? 'proxy' : 'check'} of ${report.target}: ${report.requests} requests, ` +
      `${exercised.length} of ${report.operations.length} operations exercised (${succeeded(report)} answered 2xx)` +
      `${report.seed !== null ? `, seed ${report.seed}` : ''}`,
  );
  if (report.budgetExhausted) lines.push('  The request budget was spent before every operation ran (--max-requests).');
  const notRun = report.operations.filter((op) => op.requests === 0 && op.notes.length);
  if (notRun.length)
    lines.push(`  Not run: ${notRun.length} (${[...new Set(notRun.map((op) => op.notes[0]))].join('; ')})`);
  for (const op of violating) {
    lines.push(`  ✗ ${op.operationId} (${op.method} ${op.path})`);
    for (const v of op.violations) {
      lines.push(`      ${v.check} ×${v.count}: ${v.examples[0]?.message ?? ''}`);
      if (v.examples[0]) lines.push(`        ${v.examples[0].curl}`);
    }
  }
  const slow = slowest(report, 5);
  if (slow.length) {
    lines.push('  Slowest operations (max / median):');
    for (const op of slow)
      lines.push(`      ${op.operationId}: ${ms(Math.max(...op.durationsMs))} / ${ms(median(op.durationsMs))}`);
  }
  if (report.unmatched.length)
    lines.push(`  ${report.unmatched.length} method and path pairs matched no documented operation (see the report).`);
  const count = violationCount(report);
  lines.push(count === 0 ? '  0 violations.' : `  ${count} violations on ${violating.length} operations.`);
  return lines.join('\n');
}

const xml = (text: string) =>
  text
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
    // Characters XML 1.0 cannot hold.
    .replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '');

/** One test suite per service, one test case per operation; each violated check is a failure, a skip is skipped. */
export function junitXml(report: RunReport): string {
  const services = [...new Set(report.operations.map((op) => op.service))];
  const suites = services.map((service) => {
    const ops = report.operations.filter((op) => op.service === service);
    const cases = ops.map((op) => {
      const time = (op.durationsMs.reduce((a, b) => a + b, 0) / 1000).toFixed(3);
      const body = op.violations.length
        ? op.violations
            .map(
              (v) =>
                `      <failure type="${v.check}" message="${xml(`${v.check} ×${v.count}: ${v.examples[0]?.message ?? ''}`)}">${xml(
                  v.examples.map((e) => `${e.label}: ${e.message}\n${e.curl}`).join('\n\n'),
                )}</failure>`,
            )
            .join('\n')
        : op.requests === 0
          ? `      <skipped message="${xml(op.notes.join('; ') || 'not run')}"/>`
          : '';
      return `    <testcase classname="${xml(service)}" name="${xml(`${op.operationId} ${op.method} ${op.path}`)}" time="${time}">${
        body ? `\n${body}\n    ` : ''
      }</testcase>`;
    });
    const failures = ops.filter((op) => op.violations.length).length;
    const skipped = ops.filter((op) => !op.violations.length && op.requests === 0).length;
    return `  <testsuite name="${xml(service)}" tests="${ops.length}" failures="${failures}" skipped="${skipped}" errors="0">\n${cases.join('\n')}\n  </testsuite>`;
  });
  const failures = report.operations.filter((op) => op.violations.length).length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="conformance" tests="${report.operations.length}" failures="${failures}">\n${suites.join('\n')}\n</testsuites>\n`;
}

const html = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1a202c;background:#fff}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem}table{border-collapse:collapse;width:100%}
td,th{border:1px solid #cbd5e0;padding:.3rem .5rem;text-align:left;vertical-align:top}th{background:#edf2f7}
.bad{color:#9b2c2c}.ok{color:#276749}details{margin:.5rem 0 1rem;border:1px solid #e2e8f0;border-radius:6px;padding:.5rem 1rem}
summary{cursor:pointer;font-weight:600}pre{background:#f7fafc;padding:.5rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all}
code{font-size:.85rem}.muted{color:#4a5568}
@media (prefers-color-scheme: dark){body{background:#1a202c;color:#e2e8f0}th{background:#2d3748}pre{background:#2d3748}
td,th{border-color:#4a5568}.bad{color:#feb2b2}.ok{color:#9ae6b4}.muted{color:#a0aec0}}`;

/** One page, no external resources: violations grouped by operation, each with its failing requests as curl lines. */
export function htmlReport(report: RunReport): string {
  const violating = report.operations.filter((op) => op.violations.length);
  const count = violationCount(report);
  const sections = violating.map(
    (
      op,
    ) => `<details open><summary class="bad">${html(op.operationId)} — ${html(op.method)} <code>${html(op.path)}</code> (${op.violations.length})</summary>
${op.violations
  .map(
    (v) => `<h3>${html(v.check)} <span class="muted">×${v.count}</span></h3>
${v.examples
  .map(
    (e) => `<p>${html(e.label)}: ${html(e.message)} <span class="muted">(answered ${e.status})</span></p>
<pre><code>${html(e.curl)}</code></pre>${e.responsePreview ? `<pre class="muted"><code>${html(e.responsePreview)}</code></pre>` : ''}`,
  )
  .join('\n')}`,
  )
  .join('\n')}
</details>`,
  );
  const rows = report.operations
    .map(
      (
        op,
      ) => `<tr><td>${html(op.operationId)}</td><td>${html(op.method)} <code>${html(op.path)}</code></td><td>${op.requests}</td>
<td>${Object.entries(op.statuses)
        .map(([s, n]) => `${s}×${n}`)
        .join(
          ' ',
        )}</td><td>${op.durationsMs.length ? `${ms(median(op.durationsMs))} / ${ms(Math.max(...op.durationsMs))}` : ''}</td>
<td class="${op.violations.length ? 'bad' : 'ok'}">${op.violations.length ? html(op.violations.map((v) => v.check).join(', ')) : op.requests ? 'conforms' : ''}</td>
<td class="muted">${html(op.notes.join('; '))}</td></tr>`,
    )
    .join('\n');
  const unmatched = report.unmatched.length
    ? `<h2>Exchanges no documented operation matches</h2><table><tr><th>method and path</th><th>last status</th><th>count</th></tr>
${report.unmatched.map((u) => `<tr><td>${html(u.method)} <code>${html(u.path)}</code></td><td>${u.status}</td><td>${u.count}</td></tr>`).join('\n')}</table>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Conformance report: ${html(report.target)}</title><style>${STYLE}</style></head>
<body><h1>Conformance report</h1>
<p>${report.mode === 'proxy' ? 'Live traffic through the proxy to' : 'Checked'} <code>${html(report.target)}</code>, ${html(report.startedAt)} to ${html(report.finishedAt)}:
${report.requests} requests, ${report.operations.filter((op) => op.requests).length} of ${report.operations.length} operations exercised (${succeeded(report)} answered 2xx)${report.seed !== null ? `, seed ${report.seed}` : ''}.
<strong class="${count ? 'bad' : 'ok'}">${count} violations</strong>${count ? ` on ${violating.length} operations` : ''}.</p>
<p class="muted">Credentials in the curl lines are shell variables (e.g. <code>$CALLER_BEARERAUTH</code>): set them to a token of that role before running a line. Uploaded files are the samples written beside this report.</p>
${report.budgetExhausted ? '<p class="bad">The request budget was spent before every operation ran.</p>' : ''}
<h2>Violations by operation</h2>${sections.join('\n') || '<p class="ok">None.</p>'}
<h2>Every operation</h2><table><tr><th>operation</th><th>method and path</th><th>requests</th><th>statuses</th><th>median / max</th><th>result</th><th>notes</th></tr>
${rows}</table>${unmatched}
</body></html>
`;
}

/** report.html, junit.xml, report.json and the sample files the curl lines upload, into `dir`. */
export function writeReports(report: RunReport, dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'report.html'), htmlReport(report));
  writeFileSync(join(dir, 'junit.xml'), junitXml(report));
  writeFileSync(join(dir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  for (const sample of ALL_SAMPLE_FILES) writeFileSync(join(dir, sample.filename), sample.content);
}
