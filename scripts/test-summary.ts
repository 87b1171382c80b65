// Prints one closing line for the whole `npm test`: the unit/integration (Vitest) and browser
// (Playwright) counts read from their JSON reports, as "N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function vitestCounts(file: string): Counts | null {
  if (!existsSync(file)) {
    return null;
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

function playwrightCounts(file: string): Counts | null {
  if (!existsSync(file)) {
    return null;
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    skipped: report.stats.skipped,
  };
}

const parts = [
  ['unit and integration', vitestCounts('test-results/unit.json')],
  ['browser journeys', playwrightCounts('test-results/e2e.json')],
] as const;
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
for (const [name, counts] of parts) {
  if (!counts) {
    console.log(`${name}: no report found`);
    continue;
  }
  console.log(
    `${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
  );
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
}
console.log(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 || total.passed === 0 ? 1 : 0);
