import argon2 from 'argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the same work as a real verification, for unknown users (no timing oracle). */
  verifyAgainstDummy(password: string): Promise<void>;
}

export function createPasswordHasher(params: {
  memoryCost: number;
  timeCost: number;
}): PasswordHasher {
  const options = {
    type: argon2.argon2id,
    memoryCost: params.memoryCost,
    timeCost: params.timeCost,
    parallelism: 1,
  } as const;
  let dummy: Promise<string> | undefined;
  const hash = (password: string) => argon2.hash(password, options);
  const verify = async (stored: string, password: string) => {
    try {
      return await argon2.verify(stored, password);
    } catch {
      return false;
    }
  };
  return {
    hash,
    verify,
    async verifyAgainstDummy(password) {
      dummy ??= hash('dummy-password-for-timing');
      await verify(await dummy, password);
    },
  };
}
