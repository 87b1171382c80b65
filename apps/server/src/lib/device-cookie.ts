import { createHmac, randomUUID } from 'node:crypto';
import { safeEqual } from './crypto.ts';

/** Name of the long-lived cookie that marks a browser a user signed in with before. */
export const DEVICE_COOKIE = 'tanaw_device';
export const DEVICE_COOKIE_DAYS = 180;

/**
 * OWASP's device cookie: `userId.deviceId.signature`, HMAC-signed with the server secret. A valid
 * one proves the browser signed in as that user before, so its sign-in failures are limited per
 * device and an attacker's anonymous lockout of the account does not shut the owner out.
 */
export function createDeviceCookies(secret: string) {
  const sign = (userId: number, deviceId: string) =>
    createHmac('sha256', secret)
      .update(`device-cookie\n${userId}\n${deviceId}`)
      .digest('base64url');

  return {
    /** A cookie value for the user; keeps the device id of a valid earlier cookie. */
    issue(userId: number, deviceId: string = randomUUID()): string {
      return `${userId}.${deviceId}.${sign(userId, deviceId)}`;
    },
    /** The device id when the value is a genuine cookie of this user, else undefined. */
    verify(value: string | undefined, userId: number): string | undefined {
      const parts = value?.split('.');
      if (parts?.length !== 3) {
        return undefined;
      }
      const [owner, deviceId, signature] = parts as [string, string, string];
      if (owner !== String(userId) || !/^[0-9a-f-]{36}$/.test(deviceId)) {
        return undefined;
      }
      return safeEqual(sign(userId, deviceId), signature) ? deviceId : undefined;
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
