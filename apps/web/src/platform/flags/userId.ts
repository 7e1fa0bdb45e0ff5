/** Name of the cookie that keeps the flag user id. */
export const FLAG_USER_COOKIE = 'flag_user_id';

const ONE_YEAR_S = 365 * 24 * 60 * 60;
const ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

function newId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The anonymous flag user id of this browser: read from its cookie, or made and stored in a
 * strict same-site cookie (Secure on https) for a year.
 */
export function flagUserId(doc: Pick<Document, 'cookie'>, secure: boolean): string {
  for (const part of doc.cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === FLAG_USER_COOKIE && value && ID_PATTERN.test(value)) return value;
  }
  const id = newId();
  doc.cookie = `${FLAG_USER_COOKIE}=${id}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Strict${secure ? '; Secure' : ''}`;
  return id;
}
