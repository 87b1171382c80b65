// Key rotation of the youth registry: every row not under the current key is decrypted with the
// key its `key_id` names and encrypted again under the current one, and every blind index is
// recomputed with the current key's index key, in batches of one transaction each (a row is
// either wholly old or wholly new). Run by `npm run kk:rotate`.
import type { AppDb } from '../../db/database.ts';
import type { KkCipher } from './crypto.ts';

const BATCH = 500;

export async function rotateKeys(
  db: AppDb,
  cipher: KkCipher,
  personalIndex: (personalJson: string, birthday: string) => string,
): Promise<number> {
  let done = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('kk_profiles')
      .select(['id', 'key_id', 'personal_ct', 'birthday_ct', 'dup_index'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) {
      return done;
    }
    after = rows[rows.length - 1]?.id ?? after;
    await db.transaction().execute(async (trx) => {
      for (const row of rows) {
        const personal = cipher.decrypt(row.key_id, row.personal_ct);
        const birthday = cipher.decrypt(row.key_id, row.birthday_ct);
        const index = personalIndex(personal, birthday);
        if (row.key_id === cipher.currentKeyId && row.dup_index === index) {
          continue;
        }
        await trx
          .updateTable('kk_profiles')
          .set({
            key_id: cipher.currentKeyId,
            personal_ct: cipher.encrypt(personal),
            birthday_ct: cipher.encrypt(birthday),
            dup_index: index,
          })
          .where('id', '=', row.id)
          .execute();
        done += 1;
      }
    });
  }
}
