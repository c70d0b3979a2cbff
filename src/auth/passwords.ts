import bcrypt from 'bcryptjs';

/** Passwords are stored as bcrypt hashes only. */
export class PasswordHasher {
  constructor(private readonly rounds: number) {}

  hash(password: string): Promise<string> {
    return bcrypt.hash(password, this.rounds);
  }

  verify(password: string, hash: string | null): Promise<boolean> {
    if (!hash) return Promise.resolve(false);
    return bcrypt.compare(password, hash);
  }
}
