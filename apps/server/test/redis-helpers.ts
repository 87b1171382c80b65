// Redis for tests that count across processes: TEST_REDIS_URL, else the local default. Each test
// gets a key prefix of its own and deletes its keys afterwards.
import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis server answers at TEST_REDIS_URL (a TCP connection within a second). */
export async function redisReachable(url = TEST_REDIS_URL): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(Number(port || 6379), hostname, () => done(true));
  });
}

/** A fresh key prefix; `drop()` deletes every key under it. */
export function redisPrefix(label: string) {
  const prefix = `sk-tanaw-test:${label}:${randomBytes(5).toString('hex')}:`;
  return {
    prefix,
    async keys(): Promise<string[]> {
      const client = new Redis(TEST_REDIS_URL, { lazyConnect: true });
      await client.connect();
      try {
        return await client.keys(`${prefix}*`);
      } finally {
        client.disconnect();
      }
    },
    async drop(): Promise<void> {
      const client = new Redis(TEST_REDIS_URL, { lazyConnect: true });
      await client.connect();
      try {
        const keys = await client.keys(`${prefix}*`);
        if (keys.length > 0) {
          await client.del(...keys);
        }
      } finally {
        client.disconnect();
      }
    },
  };
}
