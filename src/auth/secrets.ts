import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 16 random bytes as 32 lowercase hex characters: API keys and session keys. */
export function newGuid(): string {
  return randomBytes(16).toString('hex');
}

/** Constant-time comparison of two secrets of any length (hashing first evens the lengths). */
export function secretsEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

/** A secret the process knows (the master key, runner tokens), hashed once; candidates are compared in constant time. */
export class KnownSecret {
  private readonly hash: Buffer;

  constructor(secret: string) {
    this.hash = createHash('sha256').update(secret).digest();
  }

  matches(candidate: string): boolean {
    return timingSafeEqual(createHash('sha256').update(candidate).digest(), this.hash);
  }
}
