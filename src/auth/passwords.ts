import bcrypt from 'bcryptjs';
import { createHash, pbkdf2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const pbkdf2Async = promisify(pbkdf2);

/**
 * Passwords are stored as bcrypt hashes. Accounts carried over from the platform (15.05) keep the
 * hash they had until their first successful login: `PBKDF2$sha256$<rounds>$<salt>$<hash>` (the
 * salt's base64 text is the salt, the hash the base64 of the derived bytes) or, for older accounts,
 * the unsalted sha1 hex digest.
 */
export class PasswordHasher {
  /** A hash of no one's password, made once when first needed, at the cost new hashes have. */
  private standIn: Promise<string> | null = null;

  constructor(private readonly rounds: number) {}

  hash(password: string): Promise<string> {
    return bcrypt.hash(password, this.rounds);
  }

  async verify(password: string, hash: string | null): Promise<boolean> {
    if (!hash) return false;
    if (hash.startsWith('PBKDF2$')) return verifyPlatformPbkdf2(password, hash);
    if (/^[0-9a-f]{40}$/i.test(hash)) return sameText(createHash('sha1').update(password, 'utf8').digest('hex'), hash.toLowerCase());
    return bcrypt.compare(password, hash);
  }

  /**
   * Spends the time a verification takes when there is no account to verify against, so that how
   * long a refusal takes does not tell an unknown account from a wrong password. Always false.
   */
  async verifyWithoutAccount(password: string): Promise<false> {
    this.standIn ??= bcrypt.hash(randomBytes(18).toString('base64'), this.rounds);
    await bcrypt.compare(password, await this.standIn);
    return false;
  }

  /**
   * A sign-in's password against its account, taking as long whatever is wrong: an unknown account
   * is checked against a stand-in hash, a deleted one's password is checked all the same.
   */
  async verifyAccount(account: { password: string | null; deleted: boolean } | null | undefined, password: string): Promise<'ok' | 'unknown account' | 'wrong password'> {
    if (!account) {
      await this.verifyWithoutAccount(password);
      return 'unknown account';
    }
    const matches = await this.verify(password, account.password);
    return account.deleted || !matches ? 'wrong password' : 'ok';
  }

  /** Whether a stored hash is one of the platform's formats, to be replaced by this service's at the next login. */
  isLegacy(hash: string | null): boolean {
    return hash !== null && (hash.startsWith('PBKDF2$') || /^[0-9a-f]{40}$/i.test(hash));
  }
}

async function verifyPlatformPbkdf2(password: string, stored: string): Promise<boolean> {
  const [, digest, rounds, salt, expected] = stored.split('$');
  if (digest !== 'sha256' || !/^\d{1,7}$/.test(rounds ?? '') || !salt || !expected) return false;
  const wanted = Buffer.from(expected, 'base64');
  if (wanted.length === 0 || wanted.length > 64) return false;
  const derived = await pbkdf2Async(Buffer.from(password, 'utf8'), Buffer.from(salt, 'utf8'), Number(rounds), wanted.length, 'sha256');
  return timingSafeEqual(derived, wanted);
}

function sameText(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
