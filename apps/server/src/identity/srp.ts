import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

// The 3072-bit group of RFC 5054 that Cognito and amazon-cognito-identity-js use.
const N_HEX =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
  'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
  'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
  '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
  'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
  '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
  'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
  'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF';

/** The group's prime N. */
export const N = BigInt(`0x${N_HEX}`);
/** The generator g = 2. */
export const G = 2n;

/**
 * Integer hex as the client hashes it (Java `toByteArray`): even length, and `00` in front when
 * the first nibble is 8-f.
 */
export function padHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2 !== 0) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
}

/** SHA-256 of bytes or a UTF-8 string, as 64 hex digits. */
export function sha256Hex(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** SHA-256 of the bytes a hex string stands for. */
function hexHash(hex: string): string {
  return sha256Hex(Buffer.from(hex, 'hex'));
}

/** base^exponent mod modulus, square and multiply. */
export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

/** The multiplier k = H(padHex(N) | padHex(g)), g as the single byte 02. */
export const K = BigInt(`0x${hexHash(padHex(N) + padHex(G))}`);

/** Parses client or stored hex as an integer (odd lengths allowed); null when not hex. */
export function parseHexInt(hex: string): bigint | null {
  if (!/^[0-9a-fA-F]{1,2048}$/.test(hex)) return null;
  return BigInt(`0x${hex}`);
}

/** x = H(padHex(salt) | H(poolName | username | ':' | password)). */
export function computeX(
  poolName: string,
  username: string,
  password: string,
  saltHex: string,
): bigint {
  const salt = parseHexInt(saltHex) ?? 0n;
  const inner = sha256Hex(`${poolName}${username}:${password}`);
  return BigInt(`0x${hexHash(padHex(salt) + inner)}`);
}

/** A fresh random salt, stored in padHex form. */
export function randomSaltHex(): string {
  return padHex(BigInt(`0x${randomBytes(16).toString('hex')}`));
}

/** Salt and verifier v = g^x of a password; the password itself is never kept. */
export function makeVerifier(
  poolName: string,
  username: string,
  password: string,
  saltHex: string = randomSaltHex(),
): { saltHex: string; verifierHex: string } {
  const x = computeX(poolName, username, password, saltHex);
  return { saltHex, verifierHex: padHex(modPow(G, x, N)) };
}

/** Whether a password matches a stored salt and verifier (constant-time comparison). */
export function passwordMatches(
  poolName: string,
  username: string,
  password: string,
  saltHex: string,
  verifierHex: string,
): boolean {
  const candidate = Buffer.from(
    makeVerifier(poolName, username, password, saltHex).verifierHex,
    'hex',
  );
  const stored = Buffer.from(verifierHex, 'hex');
  return candidate.length === stored.length && timingSafeEqual(candidate, stored);
}

/** The server's ephemeral pair: secret b and public B = k*v + g^b (never 0 mod N). */
export function serverEphemeral(verifier: bigint): { b: bigint; B: bigint } {
  for (;;) {
    const b = BigInt(`0x${randomBytes(32).toString('hex')}`);
    const B = (K * verifier + modPow(G, b, N)) % N;
    if (B !== 0n) return { b, B };
  }
}

/**
 * The 16-byte key both sides derive: u = H(padHex(A) | padHex(B)), S = (A * v^u)^b,
 * HKDF-SHA256(padHex(S), salt padHex(u), "Caldera Derived Key"). Null when A or u is invalid.
 */
export function serverKey(A: bigint, B: bigint, b: bigint, verifier: bigint): Buffer | null {
  if (A % N === 0n) return null;
  const u = BigInt(`0x${hexHash(padHex(A) + padHex(B))}`);
  if (u === 0n) return null;
  const S = modPow((A * modPow(verifier, u, N)) % N, b, N);
  return Buffer.from(
    hkdfSync(
      'sha256',
      Buffer.from(padHex(S), 'hex'),
      Buffer.from(padHex(u), 'hex'),
      Buffer.from('Caldera Derived Key', 'utf8'),
      16,
    ),
  );
}

/** The expected PASSWORD_CLAIM_SIGNATURE over the exact strings the client sent. */
export function claimSignature(
  key: Buffer,
  poolName: string,
  username: string,
  secretBlock: string,
  timestamp: string,
): Buffer {
  return createHmac('sha256', key)
    .update(
      Buffer.concat([
        Buffer.from(poolName, 'utf8'),
        Buffer.from(username, 'utf8'),
        Buffer.from(secretBlock, 'base64'),
        Buffer.from(timestamp, 'utf8'),
      ]),
    )
    .digest();
}

/** Constant-time check of a base64 signature. */
export function signatureMatches(expected: Buffer, receivedBase64: string): boolean {
  const received = Buffer.from(receivedBase64, 'base64');
  return received.length === expected.length && timingSafeEqual(received, expected);
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Parses the client's `ddd MMM D HH:mm:ss UTC YYYY` timestamp to epoch ms; null when malformed. */
export function parseSrpTimestamp(text: string): number | null {
  const match =
    /^([A-Z][a-z]{2}) ([A-Z][a-z]{2}) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) UTC (\d{4})$/.exec(text);
  if (!match) return null;
  const [, day, month, date, hh, mm, ss, year] = match;
  const monthIndex = MONTHS.indexOf(month ?? '');
  if (monthIndex < 0 || !WEEKDAYS.includes(day ?? '')) return null;
  const ms = Date.UTC(Number(year), monthIndex, Number(date), Number(hh), Number(mm), Number(ss));
  return WEEKDAYS[new Date(ms).getUTCDay()] === day ? ms : null;
}
