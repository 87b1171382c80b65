#!/usr/bin/env node
// The Node.js that SK Tanaw runs on, checked at install, start and test.
//
// SK Tanaw runs on Node.js 24 LTS (22 is still accepted while it is supported). A machine whose
// own Node is older (Debian 12 ships Node 20) gets Node 24 from the npm registry: the root
// package.json lists the `node-<platform>-<arch>` packages as optional dependencies, npm installs
// the one for this machine and links its binary as node_modules/.bin/node, and npm puts that
// folder first on PATH for every script (and every `#!/usr/bin/env node` tool they start). So
// `npm install`, `npm start` and `npm test` run on Node 24 without anything installed by hand.
//
// One thing npm does not do for us: a native module (better-sqlite3) that npm compiled with the
// headers of another Node (an npmrc's `nodedir`, as Debian's npm sets it to the system Node 20)
// fails to load on 24 (NODE_MODULE_VERSION 115 vs 137). `install` finds that and rebuilds it
// against the running Node's own headers (the node-* packages ship include/node).
//
//   node scripts/node-runtime.mjs install   after npm install (the root postinstall)
//   node scripts/node-runtime.mjs           before npm start and npm test: prints the version
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The oldest major we accept, and the one we build and test for. */
const MIN_MAJOR = 22;
const TARGET_MAJOR = 24;
const NATIVE_MODULES = ['better-sqlite3'];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const major = Number(process.versions.node.split('.')[0]);
const bundled = process.execPath.startsWith(join(root, 'node_modules'));

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`SK Tanaw: ${message}`);
  process.exit(1);
}

if (major < MIN_MAJOR) {
  fail(
    `this is Node.js ${process.version}; SK Tanaw runs on Node.js ${TARGET_MAJOR} LTS ` +
      `(${MIN_MAJOR} accepted). npm found no Node.js ${TARGET_MAJOR} package for ` +
      `${process.platform}-${process.arch} to bring along: install Node.js ${TARGET_MAJOR} ` +
      `(https://nodejs.org) and run npm install again.`,
  );
}

/** The headers of the running Node: a distribution (or node-* package) keeps them beside bin/. */
function runningNodeDir() {
  const dir = dirname(dirname(process.execPath));
  return existsSync(join(dir, 'include', 'node', 'node.h')) ? dir : undefined;
}

/** @param {string} name */
function loads(name) {
  const probe = spawnSync(
    process.execPath,
    ['-e', `const D = require(${JSON.stringify(name)}); new D(':memory:').close();`],
    { cwd: root, encoding: 'utf8' },
  );
  return { ok: probe.status === 0, error: (probe.stderr || '').trim().split('\n')[0] };
}

function rebuildNative() {
  for (const name of NATIVE_MODULES) {
    if (loads(name).ok) {
      continue;
    }
    const nodedir = runningNodeDir();
    console.log(
      `SK Tanaw: ${name} was built for another Node.js; rebuilding it for ${process.version}` +
        (nodedir ? ` with the headers in ${nodedir}` : ''),
    );
    const npm = process.env.npm_execpath;
    const command = npm ? process.execPath : 'npm';
    const args = [...(npm ? [npm] : []), 'rebuild', name, '--foreground-scripts'];
    const env = { ...process.env, ...(nodedir ? { npm_config_nodedir: nodedir } : {}) };
    const rebuilt = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
    const after = loads(name);
    if (rebuilt.status !== 0 || !after.ok) {
      fail(`${name} does not load on Node.js ${process.version}: ${after.error}`);
    }
  }
}

if (process.argv[2] === 'install') {
  rebuildNative();
  // npm itself may run on an older Node than the scripts do; its engine warnings are about that one.
  const npmNode = /\bnode\/(v[\d.]+)/.exec(process.env.npm_config_user_agent ?? '')?.[1];
  if (npmNode && npmNode !== process.version) {
    console.log(
      `SK Tanaw: npm runs on Node.js ${npmNode} (any "Unsupported engine" warning above is ` +
        `about that Node); SK Tanaw's scripts run on the Node.js below.`,
    );
  }
}

console.log(
  `SK Tanaw runs on Node.js ${process.version}` +
    (bundled ? ` (from the npm package in node_modules, ${process.platform}-${process.arch})` : ''),
);
