/**
 * Where a risk report's CPU goes (issue 30, ADR 0149): `npx tsx scripts/bench/pdf-cpu-profile.ts` draws
 * PROFILE_PDFS (default 300) of the pdf bench's reports on the calling thread under `node:inspector`, after a warm-up,
 * and prints the CPU ms a PDF (process.cpuUsage, with the load average) and the self time by function and file, and
 * the inclusive share of a few functions named in PROFILE_INCLUSIVE (comma separated).
 */
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import { renderPdf } from '../../src/server/platform/pdf/pdf-plan';
import { report } from './pdf-render';

const COUNT = Number(process.env.PROFILE_PDFS ?? 300);
const INCLUSIVE = (process.env.PROFILE_INCLUSIVE ?? 'embed,widthOfString,_fragment,deflateSync,encode,toBuffer')
  .split(',')
  .filter(Boolean);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const short = (url: string) => url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/src\//, 'src/');

function summarise(profile: CpuProfile): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<number, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    self.set(id, (self.get(id) ?? 0) + delta);
    total += delta;
  });
  const selfBy = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, time] of self) {
    const frame = byId.get(id)!.callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${short(frame.url)}:${frame.lineNumber + 1}:${frame.columnNumber}`;
    selfBy.set(name, (selfBy.get(name) ?? 0) + time);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const fn = byId.get(at)!.callFrame.functionName;
      if (INCLUSIVE.includes(fn) && !seen.has(fn)) {
        seen.add(fn);
        inclusive.set(fn, (inclusive.get(fn) ?? 0) + time);
      }
    }
  }
  const share = (time: number) => `${((time / total) * 100).toFixed(1)} %`;
  console.log('self time, top 30:');
  for (const [name, time] of [...selfBy].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`  ${share(time).padStart(7)}  ${name}`);
  console.log('inclusive:');
  for (const fn of INCLUSIVE) console.log(`  ${share(inclusive.get(fn) ?? 0).padStart(7)}  ${fn}`);
}

const documents = Array.from({ length: COUNT }, (_, index) => report(index));
for (const document of documents.slice(0, 20)) await renderPdf(document);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
await session.post('Profiler.start');
const cpu = process.cpuUsage();
for (const document of documents) await renderPdf(document);
const used = process.cpuUsage(cpu);
const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
session.disconnect();
console.log(
  `${COUNT} PDFs on the calling thread: CPU ${((used.user + used.system) / 1000 / COUNT).toFixed(1)} ms a PDF ` +
    `(profiler on; load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')})`,
);
summarise(profile);
