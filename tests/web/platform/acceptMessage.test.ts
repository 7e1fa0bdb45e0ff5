import { describe, expect, it } from 'vitest';
import { acceptMessage, MAX_FRAME_MESSAGE_CHARS } from '../../../apps/web/src/platform/index.ts';

const parent = { name: 'parent' } as unknown as MessageEventSource;
const rule = { allowedOrigins: new Set(['https://www.andsafe.example']), source: parent };
const valid = {
  protocol: 'insurance-frame/1',
  kind: 'response',
  id: 'c-1-abc',
  ok: true,
  result: { primary: '#112233' },
};

describe('acceptMessage', () => {
  it('accepts a protocol message from the allowed origin and the expected window', () => {
    expect(
      acceptMessage({ origin: 'https://www.andsafe.example', source: parent, data: valid }, rule),
    ).toEqual(valid);
  });

  it.each([
    'https://www.andsafe.example.evil.test',
    'https://evil-www.andsafe.example',
    'https://xwww.andsafe.example',
    'http://www.andsafe.example',
    'https://www.andsafe.example:444',
    'https://WWW.ANDSAFE.EXAMPLE',
    'https://www.andsafe.example/',
    'null',
    '',
  ])('refuses the look-alike or foreign origin %s', (origin) => {
    expect(acceptMessage({ origin, source: parent, data: valid }, rule)).toBeUndefined();
  });

  it('refuses the origin "null" even when it is listed', () => {
    const withNull = { ...rule, allowedOrigins: new Set(['null']) };
    expect(
      acceptMessage({ origin: 'null', source: parent, data: valid }, withNull),
    ).toBeUndefined();
  });

  it('refuses a message from another window of the allowed origin', () => {
    const other = {} as MessageEventSource;
    expect(
      acceptMessage({ origin: 'https://www.andsafe.example', source: other, data: valid }, rule),
    ).toBeUndefined();
    expect(
      acceptMessage({ origin: 'https://www.andsafe.example', source: null, data: valid }, rule),
    ).toBeUndefined();
  });

  it('refuses a message over the size limit', () => {
    const big = {
      ...valid,
      result: { primary: '#112233', padding: 'x'.repeat(MAX_FRAME_MESSAGE_CHARS) },
    };
    expect(
      acceptMessage({ origin: 'https://www.andsafe.example', source: parent, data: big }, rule),
    ).toBeUndefined();
  });

  it.each([
    ['a string', 'hallo'],
    ['a wrong protocol', { ...valid, protocol: 'penpal' }],
    ['an unknown kind', { ...valid, kind: 'event' }],
    ['an id with other characters', { ...valid, id: '<script>' }],
    ['an extra property', { ...valid, extra: 1 }],
    [
      'a request without args',
      { protocol: 'insurance-frame/1', kind: 'request', id: 'a1', command: 'getTheme' },
    ],
  ])('refuses %s', (_name, data) => {
    expect(
      acceptMessage({ origin: 'https://www.andsafe.example', source: parent, data }, rule),
    ).toBeUndefined();
  });

  it('refuses data that cannot be measured without throwing', () => {
    const cyclic: Record<string, unknown> = { ...valid };
    cyclic['self'] = cyclic;
    expect(
      acceptMessage({ origin: 'https://www.andsafe.example', source: parent, data: cyclic }, rule),
    ).toBeUndefined();
  });
});
