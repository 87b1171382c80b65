// Prints the top items of a V8 .cpuprofile (node --cpu-prof): self time by function, self time by
// file or package (node_modules/<package>, apps/server/src/<file>, node:internal), and total time
// (self and callees) by function of our server and of the Fastify plugins, so hooks and plugins can
// be compared. Idle time and garbage collection are shown as their own lines.
// Usage: npx tsx bench/cpuprofile-top.ts file.cpuprofile [count=25]
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, countArgument] = process.argv.slice(2);
if (!file) {
  console.error('Usage: npx tsx bench/cpuprofile-top.ts file.cpuprofile [count]');
  process.exit(2);
}
const count = Number(countArgument ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map<number, ProfileNode>();
const parent = new Map<number, number>();
for (const node of profile.nodes) {
  byId.set(node.id, node);
  for (const child of node.children ?? []) {
    parent.set(child, node.id);
  }
}

/** Where a frame's code lives: a package, a file of ours, or Node itself. */
function place(url: string): string {
  if (!url) {
    return '(native)';
  }
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return `npm:${rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1] ?? ''}` : (rest[0] ?? '')}`;
  }
  const ours = url.indexOf('/apps/server/src/');
  if (ours >= 0) {
    return url.slice(ours + 1);
  }
  const packages = url.indexOf('/packages/');
  if (packages >= 0) {
    return url.slice(packages + 1);
  }
  return url.startsWith('node:') ? 'node:internal' : url.replace(/^file:\/\//, '');
}

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'} ${place(url)}:${String(lineNumber + 1)}`;
}

const selfByFunction = new Map<string, number>();
const selfByPlace = new Map<string, number>();
const totalByFunction = new Map<string, number>();
let total = 0;
let idle = 0;
const add = (map: Map<string, number>, key: string, value: number) => {
  map.set(key, (map.get(key) ?? 0) + value);
};
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  const node = byId.get(id);
  if (!node) {
    return;
  }
  total += delta;
  if (node.callFrame.functionName === '(idle)') {
    idle += delta;
    return;
  }
  add(selfByFunction, label(node), delta);
  add(selfByPlace, place(node.callFrame.url), delta);
  // Total time: each function once per sample, however deep its recursion.
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const frame = byId.get(at);
    if (!frame?.callFrame.url) {
      continue;
    }
    const key = label(frame);
    if (!seen.has(key)) {
      seen.add(key);
      add(totalByFunction, key, delta);
    }
  }
});

const busy = total - idle;
const percent = (value: number) => `${((100 * value) / busy).toFixed(1).padStart(5)}%`;
function print(title: string, map: Map<string, number>, filter?: (key: string) => boolean): void {
  console.log(`\n${title}`);
  [...map]
    .filter(([key]) => !filter || filter(key))
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .forEach(([key, value]) => {
      console.log(`${percent(value)}  ${(value / 1000).toFixed(0).padStart(7)} ms  ${key}`);
    });
}

console.log(
  `${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (percentages are of busy time)`,
);
print('Self time by function', selfByFunction);
print('Self time by file or package', selfByPlace);
print(
  'Total time (self and callees) by function of our server and the Fastify plugins',
  totalByFunction,
  (key) => /apps\/server\/src|npm:@fastify|npm:fastify |npm:pino |npm:kysely /.test(key),
);
