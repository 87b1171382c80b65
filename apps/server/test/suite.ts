import { afterAll, beforeAll } from 'vitest';
import type { DialectName } from '../src/db/database.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './helpers.ts';

/**
 * One test app for the whole file (or describe block): built in beforeAll, closed in afterAll.
 * The returned object is that app once beforeAll has run.
 */
export function useTestApp(dialect: DialectName, options: TestAppOptions = {}): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    Object.assign(holder, await createTestApp(dialect, options));
  }, 180_000);
  afterAll(async () => {
    await holder.close();
  });
  return holder;
}
