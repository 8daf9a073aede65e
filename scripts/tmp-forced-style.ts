import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { HEADLESS_CHROMIUM, HEADLESS_CHROMIUM_FLAGS } from './chromium-flags';
import { signedInPage } from './lib/signed-in-page';
import { startBenchServer } from './lib/start-bench-server';
import { waitForUrl } from './lib/wait-for-url';

type Ev = { name: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: any };
const dataDir = mkdtempSync(join(tmpdir(), 'voxscreen-tmp-'));
const { port, server } = await startBenchServer(dataDir);
const base = `http://127.0.0.1:${port}`;
try {
  await waitForUrl(`${base}/api/user-service/v1/app/version`, 300_000);
  const chrome = await launch({ chromePath: HEADLESS_CHROMIUM, chromeFlags: HEADLESS_CHROMIUM_FLAGS });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  for (let run = 0; run < 2; run++) {
    const page = await signedInPage(browser, base);
    await page.goto('about:blank');
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Emulation.setDeviceMetricsOverride', { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true });
    await page.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.stack', 'blink', 'loading'] });
    await page.goto(`${base}/main/dashboard`, { waitUntil: 'networkidle2', timeout: 120_000 });
    await page.waitForSelector('[data-testid="order-doughnut"] .apexcharts-canvas', { timeout: 120_000 });
    await new Promise((r) => setTimeout(r, 1500));
    const trace = JSON.parse(new TextDecoder().decode((await page.tracing.stop())!)) as { traceEvents: Ev[] };
    const ev = trace.traceEvents;
    const counts = new Map<string, number>();
    for (const e of ev) if (e.name === 'RunTask' && e.ph === 'X') counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
    const main = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    const on = ev.filter((e) => `${e.pid}:${e.tid}` === main).sort((a, b) => a.ts - b.ts);
    const t0 = on.find((e) => e.name === 'RunTask')!.ts;
    const tasks = on.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > 100_000);
    console.log(`\nrun ${run}`);
    for (const task of tasks) {
      const inside = on.filter((e) => e.ts >= task.ts && e.ts < task.ts + task.dur! && e !== task && e.ph === 'X' && (e.dur ?? 0) > 1_000);
      console.log(`task ${(task.dur! / 1000).toFixed(0)} ms at ${((task.ts - t0) / 1000).toFixed(0)}`);
      if (!inside.some((e) => e.name === 'Document::FinishedParsing')) continue;
      for (const e of inside.slice(0, 80)) {
        const stack = e.args?.beginData?.stackTrace ?? e.args?.data?.stackTrace;
        const where = stack ? stack.slice(0, 3).map((f: any) => `${f.functionName}@${String(f.url).split('/').pop()}:${f.lineNumber}:${f.columnNumber}`).join(' < ') : '';
        console.log(`   ${((e.ts - task.ts) / 1000).toFixed(0)} ${e.name} ${(e.dur! / 1000).toFixed(1)} ${e.args?.data?.url ? String(e.args.data.url).split('/').pop().slice(0,60) : ''} ${e.args?.data?.type ?? ''} ${e.args?.data?.functionName ?? ''} ${where}`);
      }
    }
    await cdp.detach();
    await page.close();
  }
  await browser.disconnect();
  chrome.kill();
} finally {
  server.kill('SIGTERM');
}
