import { existsSync, writeFileSync } from 'node:fs';

/**
 * Test-only fault injection, unset in production:
 * - TANAW_TEST_CRASH_AT names a step: the process kills itself (SIGKILL) there, so a test can
 *   check that work cut short there leaves the old or the new data whole;
 * - TANAW_TEST_PAUSE_AT names a step and TANAW_TEST_PAUSE_FILE a path: the process writes
 *   `PATH.reached` there and stands still (the event loop blocked, like a frozen process) until
 *   PATH exists, so a test can start another process meanwhile and then kill this one or let it go
 *   on.
 */
export function crashPoint(step: string): void {
  if (process.env.TANAW_TEST_CRASH_AT === step) {
    process.kill(process.pid, 'SIGKILL');
  }
  const pauseFile = process.env.TANAW_TEST_PAUSE_FILE;
  if (process.env.TANAW_TEST_PAUSE_AT === step && pauseFile) {
    writeFileSync(`${pauseFile}.reached`, step);
    const nap = new Int32Array(new SharedArrayBuffer(4));
    while (!existsSync(pauseFile)) {
      Atomics.wait(nap, 0, 0, 50);
    }
  }
}
