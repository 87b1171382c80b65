/**
 * Test-only fault injection: the process kills itself at the named step when TANAW_TEST_CRASH_AT
 * names it, so a test can check that work cut short there leaves the old or the new data whole.
 * Unset in production.
 */
export function crashPoint(step: string): void {
  if (process.env.TANAW_TEST_CRASH_AT === step) {
    process.kill(process.pid, 'SIGKILL');
  }
}
