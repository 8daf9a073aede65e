/** Self time by origin of a V8 CPU profile (`--cpu-prof`), shared by the profiling scripts of scripts/bench. */

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
export interface CpuProfile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code comes from: a package under node_modules, Node itself, our source file, or the engine. */
export function origin(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return 'node:*';
  const ours = url.indexOf('/src/');
  return ours >= 0 ? url.slice(ours + 1) : url;
}

/**
 * Self time (ms) by origin, and the total of non-idle samples, of the samples between `from` and `to` (µs of the
 * monotonic clock, which V8's sample times and process.hrtime share on one machine). PROFILE_DETAIL=<origin> splits
 * that origin by function (e.g. node:*, or one of our files).
 */
export function profileSelfTimes(
  profile: CpuProfile,
  from: number,
  to: number,
): { total: number; byOrigin: Map<string, number> } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byOrigin = new Map<string, number>();
  let total = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    at += profile.timeDeltas[i] ?? 0;
    if (at < from || at > to || node.callFrame.functionName === '(idle)') return;
    total += ms;
    const source = origin(node.callFrame.url, node.callFrame.functionName);
    const key =
      source === process.env.PROFILE_DETAIL
        ? `${source} ${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').at(-1)}`
        : source;
    byOrigin.set(key, (byOrigin.get(key) ?? 0) + ms);
  });
  return { total, byOrigin };
}

/**
 * Inclusive time (ms) by frame (function and file) of the samples between `from` and `to`: each sample counts once
 * for every distinct frame on its stack, so a caller's figure holds its callees' (where a request's time goes by step:
 * the access hook, validation, the handler, serialization). PROFILE_FRAMES=<n> prints the first n in
 * request-cpu-profile.ts.
 */
export function profileInclusiveTimes(profile: CpuProfile, from: number, to: number): Map<string, number> {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const label = (node: ProfileNode) => {
    const { functionName, url } = node.callFrame;
    const file = url.split('/').at(-1) ?? '';
    return `${functionName || '(anonymous)'} ${origin(url, functionName) === file ? '' : `${origin(url, functionName)} `}${file}`.trim();
  };
  const inclusive = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    at += profile.timeDeltas[i] ?? 0;
    const leaf = byId.get(id)!;
    if (at < from || at > to || leaf.callFrame.functionName === '(idle)') return;
    const seen = new Set<string>();
    for (let node: ProfileNode | undefined = leaf; node; node = byId.get(parent.get(node.id) ?? -1)) {
      const key = label(node);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
    }
  });
  return inclusive;
}
