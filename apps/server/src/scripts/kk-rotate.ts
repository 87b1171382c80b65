// Re-encrypts the youth registry under the current key (docs/operations.md, "The youth
// registry's key and its rotation"): put a new key first in KK_DATA_KEY or the key file, keep
// the old one after it, run
//   npm run kk:rotate
// then remove the old key. It uses the server's configuration (DATA_DIR, DATABASE_URL).
import { loadConfig } from '../config/env.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createCipher, identityText, loadKeys } from '../features/kk/crypto.ts';
import { rotateKeys } from '../features/kk/rotate.ts';
import { sealReasons } from '../features/kk/audit-reasons-repository.ts';

const config = loadConfig(process.env);
const keys = loadKeys(config);
if (keys === null) {
  process.stderr.write('No youth registry key is configured (KK_DATA_KEY or KK_DATA_KEY_FILE).\n');
  process.exit(1);
}
const cipher = createCipher(keys);
const database = createDatabase(config, () => undefined);
try {
  await migrateToLatest(database);
  const changed = await rotateKeys(database.db, cipher, (personal, birthday) => {
    const p = JSON.parse(personal) as { lastName: string; firstName: string };
    return cipher.blindIndex(identityText({ ...p, birthday }));
  });
  const reasons = await sealReasons(database.db, cipher);
  process.stdout.write(
    `${String(changed)} youth profiles and ${String(reasons)} audit reasons re-encrypted under key ${cipher.currentKeyId}.\n`,
  );
} finally {
  await database.destroy();
}
