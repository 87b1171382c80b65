// The browser the journeys run in, checked first by `npm test` (before the long unit run).
//
// The journeys (Playwright) run in Debian's Chromium at /usr/bin/chromium (playwright.config.ts).
// A machine without it gets it here when Debian packages may be installed (root, apt-get on
// PATH), as .ci/run does; anywhere else `npm test` stops at once with the one command to run.
//
//   tsx scripts/test-browser.ts
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where playwright.config.ts looks for the browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** What .ci/run runs, and what `npm test` runs for a root user of a Debian machine. */
export const INSTALL_COMMAND = 'apt-get update -qq && apt-get install -y -qq chromium';

export interface Machine {
  /** /usr/bin/chromium exists and may be run. */
  chromium: boolean;
  /** The tests run as root (uid 0). */
  root: boolean;
  /** apt-get is on PATH (a Debian or Ubuntu machine). */
  aptGet: boolean;
}

export type BrowserPlan =
  | { action: 'ready' }
  | { action: 'install'; command: string }
  | { action: 'stop'; command: string; message: string };

/** What `npm test` does about the journeys' browser on `machine`. */
export function browserPlan(machine: Machine): BrowserPlan {
  if (machine.chromium) {
    return { action: 'ready' };
  }
  if (machine.aptGet && machine.root) {
    return { action: 'install', command: INSTALL_COMMAND };
  }
  const command = machine.aptGet
    ? 'sudo apt-get update -qq && sudo apt-get install -y -qq chromium'
    : `install Chromium so that ${CHROMIUM_PATH} runs it`;
  return {
    action: 'stop',
    command,
    message:
      `The browser journeys run in Chromium at ${CHROMIUM_PATH}, which this machine lacks` +
      (machine.aptGet
        ? ', and only root may install Debian packages. Run this, then npm test again:'
        : ' (and it has no apt-get to install Debian\u2019s). Before npm test again:'),
  };
}

function runs(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command: string): boolean {
  return spawnSync('/bin/sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function main(): void {
  // Its own test points it at another file.
  const chromium = process.env.SK_TANAW_TEST_CHROMIUM ?? CHROMIUM_PATH;
  const plan = browserPlan({
    chromium: runs(chromium),
    root: process.getuid?.() === 0,
    aptGet: onPath('apt-get'),
  });
  if (plan.action === 'ready') {
    return;
  }
  if (plan.action === 'install') {
    console.log(`SK Tanaw: installing Debian's chromium for the browser journeys: ${plan.command}`);
    const install = spawnSync('/bin/sh', ['-c', plan.command], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (install.status === 0 && runs(chromium)) {
      return;
    }
    console.error(
      `SK Tanaw: installing chromium failed, so the browser journeys cannot run. Run this, ` +
        `then npm test again:\n\n  ${plan.command}\n`,
    );
    process.exit(1);
  }
  console.error(`SK Tanaw: ${plan.message}\n\n  ${plan.command}\n`);
  process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main();
}
