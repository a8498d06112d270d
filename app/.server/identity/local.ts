// The built-in identity provider: scrypt password hashes in local_accounts, reset and
// set-password codes in auth_codes (docs/architecture.md §6: 32 random bytes, stored as SHA-256, single use;
// setting a password ends every open code of the account).
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '~/lib/dates';
import { hashCode, openCode } from './issued-codes';
import { IdentityError, type CodePurpose, type IdentityProvider } from './types';
import { normalEmail } from '~/lib/email';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 64;
export const CODE_LIFETIME_MS: Record<CodePurpose, number> = {
  reset: 60 * 60 * 1000,
  'set-password': 7 * 24 * 60 * 60 * 1000,
};

/**
 * How long a code lives: a set-password code gets seven days only while the account has no
 * password to take over; once it has one, any code is as short-lived as a reset code.
 */
export const codeLifetimeMs = (purpose: CodePurpose, hasPassword: boolean) =>
  hasPassword ? CODE_LIFETIME_MS.reset : CODE_LIFETIME_MS[purpose];

/** The provider's own password policy (docs/product.md §5: 'password does not meet requirements'). */
export function meetsPasswordPolicy(password: string) {
  return password.length >= 8 && password.length <= 256 && password.trim().length > 0;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return crypto.timingSafeEqual(actual, expected);
}

// Compared against when the e-mail is unknown, so both answers take the same time.
const dummyHash = hashPassword('not-a-real-password-at-all');

export function createLocalProvider(db: Kysely<Database>): IdentityProvider {
  async function accountByEmail(email: string) {
    return db
      .selectFrom('local_accounts')
      .selectAll()
      .where('email', '=', normalEmail(email))
      .executeTakeFirst();
  }

  const usableCode = (code: string) => openCode(db, code);

  return {
    async createAccount(email, password) {
      if (!meetsPasswordPolicy(password)) throw new IdentityError('weak-password');
      const normalized = normalEmail(email);
      if (await accountByEmail(normalized)) throw new IdentityError('email-already-in-use');
      const uid = `local:${crypto.randomUUID()}`;
      const now = nowIso();
      await db
        .insertInto('local_accounts')
        .values({
          uid,
          email: normalized,
          password_hash: await hashPassword(password),
          created_at: now,
          updated_at: now,
        })
        .execute();
      return { uid };
    },

    async signInWithPassword(email, password) {
      const account = await accountByEmail(email);
      if (!account?.password_hash) {
        await verifyPassword(password, await dummyHash);
        throw new IdentityError('user-not-found');
      }
      if (!(await verifyPassword(password, account.password_hash))) throw new IdentityError('wrong-password');
      // Our own accounts: an e-mail only ever gets one, through registration or an e-mailed code.
      return { uid: account.uid, email: account.email, emailVerified: true };
    },

    async findAccount(email) {
      const account = await accountByEmail(email);
      return account ? { uid: account.uid } : null;
    },

    async issueCode(email, purpose) {
      let account = await accountByEmail(email);
      if (!account && purpose === 'set-password') {
        const now = nowIso();
        const uid = `local:${crypto.randomUUID()}`;
        await db
          .insertInto('local_accounts')
          .values({
            uid,
            email: normalEmail(email),
            password_hash: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        account = await accountByEmail(email);
      }
      if (!account) throw new IdentityError('user-not-found');
      const code = crypto.randomBytes(32).toString('base64url');
      const now = Date.now();
      const expiresAt = new Date(now + codeLifetimeMs(purpose, Boolean(account.password_hash)));
      await db
        .insertInto('auth_codes')
        .values({
          id: crypto.randomUUID(),
          code_hash: hashCode(code),
          uid: account.uid,
          email: account.email,
          purpose,
          expires_at: expiresAt.toISOString(),
          used_at: null,
          created_at: new Date(now).toISOString(),
        })
        .execute();
      return { code, expiresAt };
    },

    async verifyCode(code) {
      return (await usableCode(code)).email;
    },

    async confirmCode(code, newPassword) {
      const row = await usableCode(code);
      if (!meetsPasswordPolicy(newPassword)) throw new IdentityError('weak-password');
      const passwordHash = await hashPassword(newPassword);
      return db.transaction().execute(async (trx) => {
        // The account's row is written first: it stays locked until the commit, so two codes of
        // one account are used one after the other, and the second finds itself ended below.
        await trx
          .updateTable('local_accounts')
          .set({ password_hash: passwordHash, updated_at: nowIso() })
          .where('uid', '=', row.uid)
          .execute();
        // Used up in the same statement that checks it, so a code can only win once.
        const used = await trx
          .updateTable('auth_codes')
          .set({ used_at: nowIso() })
          .where('id', '=', row.id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) throw new IdentityError('invalid-code');
        // A new password ends every other open code: an older link must not undo it.
        await trx
          .updateTable('auth_codes')
          .set({ used_at: nowIso() })
          .where('uid', '=', row.uid)
          .where('used_at', 'is', null)
          .execute();
        return { uid: row.uid, email: row.email, emailVerified: true };
      });
    },

    async signInWithGoogle({ email }) {
      // Google vouches for the e-mail; a member made by the seed or an import may have no password.
      const account = await accountByEmail(email);
      return { uid: account?.uid ?? null, email: normalEmail(email), created: false };
    },

    async deleteAccount(uid) {
      await db.deleteFrom('auth_codes').where('uid', '=', uid).execute();
      await db.deleteFrom('local_accounts').where('uid', '=', uid).execute();
    },

    async hasPassword(uid) {
      const row = await db
        .selectFrom('local_accounts')
        .select('password_hash')
        .where('uid', '=', uid)
        .executeTakeFirst();
      return Boolean(row?.password_hash);
    },
  };
}
