/**
 * Gzipped size of the JavaScript the landing page (/home) loads before it is interactive: the
 * entry chunk of index.html plus every chunk it imports statically (modulepreload), read from the
 * Vite manifest. Lazy routes (dynamic imports) are excluded. Fails above the budget.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
const dist = join(import.meta.dirname, '..', 'apps', 'web', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

if (!existsSync(manifestPath)) {
  console.error(`No build found at ${manifestPath}. Run "npm run build" first.`);
  process.exit(1);
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) {
  console.error('The manifest has no entry chunk.');
  process.exit(1);
}

const seen = new Set<string>();
const visit = (key: string) => {
  if (seen.has(key)) {
    return;
  }
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) {
    visit(imported);
  }
};
visit(entryKey);

// Cross-check against the modulepreload links and the entry script in the built index.html.
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const htmlFiles = new Set(
  [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((match) => match[1]),
);

const files = new Set([...seen].map((key) => manifest[key]?.file).filter(Boolean) as string[]);
for (const file of htmlFiles) {
  if (file) {
    files.add(file);
  }
}

let totalBytes = 0;
const rows: { file: string; kb: number }[] = [];
for (const file of files) {
  const gz = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  totalBytes += gz;
  rows.push({ file, kb: gz / 1024 });
}
rows.sort((a, b) => b.kb - a.kb);
for (const row of rows) {
  console.log(`  ${row.kb.toFixed(1).padStart(7)} KB  ${row.file}`);
}
const totalKb = totalBytes / 1024;
console.log(
  `Landing page JavaScript before interactive: ${totalKb.toFixed(1)} KB gzipped ` +
    `(${files.size} files; budget ${BUDGET_KB} KB)`,
);
if (totalKb > BUDGET_KB) {
  console.error(`Over budget by ${(totalKb - BUDGET_KB).toFixed(1)} KB.`);
  process.exit(1);
}
