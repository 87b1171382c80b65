// The restorer's side of the drain handshake (features/backup/write-drain.ts): it waits for every
// other live process to report its writes drained for its hold, takes a row that stops changing
// for a dead process's, and gives up (503) at its deadline while a live one still writes.
import { describe, expect, it } from 'vitest';
import { othersDrained, reportProcess } from '../src/features/backup/write-drain.ts';
import { rawQuery } from './backup-helpers.ts';
import { DIALECTS, createTestApp } from './helpers.ts';

const HOLD = '2030-01-01T00:00:00.000Z 0123456789abcdef';

describe.each(DIALECTS)('waiting for the other processes to drain on %s', (dialect) => {
  it('waits for a live process until it reports drained for this hold', async () => {
    const t = await createTestApp(dialect);
    try {
      const db = t.app.services.database.db;
      await reportProcess(db, 'other', 'an earlier hold', new Date());
      let done = false;
      const waited = othersDrained(db, {
        hold: HOLD,
        // The test app's own row (PostgreSQL: its restore watch writes one) is the restorer's.
        ownToken: t.app.services.backup.holdToken,
        deadline: performance.now() + 20_000,
        staleMs: 10_000,
        pollMs: 20,
      }).then(() => {
        done = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(done).toBe(false);
      const started = performance.now();
      await reportProcess(db, 'other', HOLD, new Date());
      await waited;
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      await t.close();
    }
  });

  it('gives up with 503 at its deadline while a live process has not drained', async () => {
    const t = await createTestApp(dialect);
    try {
      const db = t.app.services.database.db;
      // Alive: its row changes every 50 ms, never drained.
      await reportProcess(db, 'busy', null, new Date());
      const beat = setInterval(() => void reportProcess(db, 'busy', null, new Date()), 50);
      try {
        await expect(
          othersDrained(db, {
            hold: HOLD,
            // The test app's own row (PostgreSQL: its restore watch writes one) is the restorer's.
            ownToken: t.app.services.backup.holdToken,
            deadline: performance.now() + 800,
            staleMs: 400,
            pollMs: 20,
          }),
        ).rejects.toMatchObject({ code: 'RESTORE_WRITES_PENDING', statusCode: 503 });
      } finally {
        clearInterval(beat);
      }
    } finally {
      await t.close();
    }
  });

  it("takes a row that stops changing for a dead process's and deletes it", async () => {
    const t = await createTestApp(dialect);
    try {
      const database = t.app.services.database;
      await reportProcess(database.db, 'killed', null, new Date());
      await othersDrained(database.db, {
        hold: HOLD,
        // The test app's own row (PostgreSQL: its restore watch writes one) is the restorer's.
        ownToken: t.app.services.backup.holdToken,
        deadline: performance.now() + 10_000,
        staleMs: 300,
        pollMs: 20,
      });
      expect(
        await rawQuery(database, `select name from install_state where name = 'process:killed'`),
      ).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
