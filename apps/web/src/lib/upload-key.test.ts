import { describe, expect, it } from 'vitest';
import {
  contentOf,
  fileSignature,
  keyFor,
  keyHeader,
  newUploadKey,
  sameSignature,
} from './upload-key.ts';

const file = (name: string, text: string, lastModified = 1_700_000_000_000) =>
  new File([text], name, { type: 'application/pdf', lastModified });

describe('upload keys', () => {
  it('makes a new UUID every time', () => {
    const keys = new Set(Array.from({ length: 20 }, newUploadKey));
    expect(keys.size).toBe(20);
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('reuses the key while the content is the same and makes a new one when it changes', () => {
    const plan = file('plan.pdf', 'v1');
    const first = keyFor(null, contentOf([7, 'Lights', 'Court'], plan));
    // A retry of the same words and the same file: the same key.
    const retry = keyFor(first, contentOf([7, 'Lights', 'Court'], plan));
    expect(retry.key).toBe(first.key);
    // The same file chosen again after a reload (a new File with the same name, size and date).
    expect(keyFor(first, contentOf([7, 'Lights', 'Court'], file('plan.pdf', 'v1'))).key).toBe(
      first.key,
    );
    // Anything changed is another upload.
    const changes = [
      contentOf([7, 'Lights!', 'Court'], plan),
      contentOf([7, 'Lights', 'Court'], file('plan.pdf', 'v22')),
      contentOf([7, 'Lights', 'Court'], file('other.pdf', 'v1')),
      contentOf([7, 'Lights', 'Court'], null),
    ];
    const keys = changes.map((content) => keyFor(first, content).key);
    expect(new Set([first.key, ...keys]).size).toBe(changes.length + 1);
  });

  it('knows a file again by its signature and sends the key in the Idempotency-Key header', () => {
    const plan = file('plan.pdf', 'v1');
    expect(sameSignature(fileSignature(plan), file('plan.pdf', 'v1'))).toBe(true);
    expect(sameSignature(fileSignature(plan), file('plan.pdf', 'v1', 5))).toBe(false);
    expect(sameSignature(null, plan)).toBe(false);
    expect(keyHeader('abc-12345')).toEqual({ headers: { 'Idempotency-Key': 'abc-12345' } });
    expect(keyHeader(undefined)).toEqual({});
  });
});
