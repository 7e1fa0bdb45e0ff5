import { describe, expect, it } from 'vitest';
import { mobileE164 } from '../../../apps/web/src/auth/pages/AccountPages.tsx';

// The mobile number a customer types on "Handynummer ändern": a German or international mobile
// number becomes E.164 (what the identity service stores and sends the SMS TAN to); a landline,
// an impossible number or an empty field is refused.

describe('mobileE164', () => {
  it('takes German mobile numbers as written and turns them into E.164', () => {
    expect(mobileE164('0151 23456789')).toBe('+4915123456789');
    expect(mobileE164(' 0176/12345678 ')).toBe('+4917612345678');
    expect(mobileE164('+49 160 1234567')).toBe('+491601234567');
    expect(mobileE164('+43 664 1234567')).toBe('+436641234567');
  });

  it('refuses a landline, a number too short and an empty field', () => {
    expect(mobileE164('040 1234567')).toBeNull();
    expect(mobileE164('0151 234')).toBeNull();
    expect(mobileE164('')).toBeNull();
  });
});
