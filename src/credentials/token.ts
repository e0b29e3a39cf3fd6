/**
 * Bearer tokens: `mps_<environment>_<secret><checksum>`.
 *
 * - The secret is 43 characters drawn uniformly from [0-9A-Za-z] (256 bits of entropy).
 * - The checksum (6 base-62 characters of the CRC-32 of everything before it) lets us call a
 *   mistyped or truncated token malformed without touching the store, and lets secret scanners
 *   recognise our tokens with few false positives.
 * - The prefix names the environment, so a token pasted into the wrong environment is
 *   recognised as such.
 *
 * Only the SHA-256 digest of the whole token is stored. A fast hash is right here (unlike for
 * passwords): the input is 256 random bits, so there is nothing to brute-force.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

export const TOKEN_PREFIX = 'mps';
export const ENVIRONMENT_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SECRET_LENGTH = 43; // 62^43 > 2^256
const CHECKSUM_LENGTH = 6; // 62^6 > 2^32
const TOKEN_SHAPE = new RegExp(`^${TOKEN_PREFIX}_([a-z][a-z0-9-]{0,31})_([0-9A-Za-z]{${SECRET_LENGTH + CHECKSUM_LENGTH}})$`);

export function generateToken(environment: string): string {
  if (!ENVIRONMENT_PATTERN.test(environment)) throw new Error(`Invalid environment name ${JSON.stringify(environment)}.`);
  let secret = '';
  for (let i = 0; i < SECRET_LENGTH; i += 1) secret += ALPHABET[randomInt(ALPHABET.length)];
  const body = `${TOKEN_PREFIX}_${environment}_${secret}`;
  return body + checksum(body);
}

/** The environment a well-formed token names, or undefined when the text is not one of our tokens. */
export function parseToken(text: string): { environment: string } | undefined {
  const match = TOKEN_SHAPE.exec(text);
  if (match === null) return undefined;
  const body = text.slice(0, -CHECKSUM_LENGTH);
  if (checksum(body) !== text.slice(-CHECKSUM_LENGTH)) return undefined;
  return { environment: match[1]! };
}

/** Hex SHA-256 of the token: the only form in which a token is stored. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Compares two hex digests in time independent of where they differ. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

function checksum(body: string): string {
  let value = crc32(body);
  let text = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i += 1) {
    text = ALPHABET[value % ALPHABET.length]! + text;
    value = Math.floor(value / ALPHABET.length);
  }
  return text;
}

/** A credential id: not secret (it appears in lists, logs and usage), just unique. */
export function newCredentialId(): string {
  let id = 'cred_';
  for (let i = 0; i < 20; i += 1) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}
