import { describe, expect, it } from 'vitest';
import { FLAG_USER_COOKIE, flagUserId } from '../../../apps/web/src/platform/index.ts';

const jar = (cookie = '') => ({ cookie });

describe('the flag user id cookie', () => {
  it('is written with SameSite=Strict, for the whole site, for a year', () => {
    const doc = jar();
    const id = flagUserId(doc, false);
    expect(doc.cookie).toBe(`${FLAG_USER_COOKIE}=${id}; Path=/; Max-Age=31536000; SameSite=Strict`);
  });

  it('is Secure on https', () => {
    const doc = jar();
    flagUserId(doc, true);
    expect(doc.cookie).toMatch(/; SameSite=Strict; Secure$/);
  });

  it('keeps the id of an existing cookie', () => {
    const doc = jar(`other=1; ${FLAG_USER_COOKIE}=abcdef0123456789`);
    expect(flagUserId(doc, false)).toBe('abcdef0123456789');
    expect(doc.cookie).toBe(`other=1; ${FLAG_USER_COOKIE}=abcdef0123456789`);
  });

  it('replaces a tampered id', () => {
    const doc = jar(`${FLAG_USER_COOKIE}=<script>`);
    expect(flagUserId(doc, false)).toMatch(/^[0-9a-f]{32}$/);
  });
});
