import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * argon2id with the OWASP-recommended cost (19 MiB, 2 passes, 1 lane), which is also the
 * library default; spelled out so a library upgrade cannot silently weaken it.
 */
const options = {
  // `Algorithm` is an ambient const enum, unusable under isolatedModules; 2 = Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** False for a wrong password and for a stored value that is not an argon2 hash at all. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when the account does not exist, so response time
 * does not reveal which e-mails have an account.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-Password-1-never-matches');
  await verifyPassword(await dummyHash, password);
  return false;
}
