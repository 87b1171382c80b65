/**
 * Idempotent uploads: the header an upload's key travels in, and the server's messages. The
 * client makes the key (a UUID) when a file is chosen and sends it with every attempt of that
 * upload; the server answers a repeated attempt with what the first one stored.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export const UPLOAD_MESSAGES = {
  keyInvalid:
    'The Idempotency-Key header must be 8 to 100 letters, digits, hyphens or underscores.',
  keyReused:
    'This upload key was already used for another upload (another file, other words or another record). Choose the file again to send it as a new upload.',
} as const;
