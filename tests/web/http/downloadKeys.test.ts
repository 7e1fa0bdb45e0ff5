import { describe, expect, it } from 'vitest';
import { createDownloadKeys } from '../../../apps/web/src/http/downloadKeys.ts';

const offer = (antworten: object) => ({
  method: 'POST' as const,
  url: '/api/antrag/fahrrad/angebot',
  body: { variante: 'advice', antworten },
});

describe('the Idempotency-Keys of document downloads', () => {
  it('are the same for the same request, so a second press files nothing new', () => {
    let n = 0;
    const keyOf = createDownloadKeys(() => `key-${(n += 1)}`);
    const first = keyOf(offer({ fahrrad: { kaufpreis: 1500 } }));
    expect(keyOf(offer({ fahrrad: { kaufpreis: 1500 } }))).toBe(first);
    expect(first).toBe('key-1');
  });

  it('differ for other answers, another document or another address', () => {
    let n = 0;
    const keyOf = createDownloadKeys(() => `key-${(n += 1)}`);
    const keys = [
      keyOf(offer({ fahrrad: { kaufpreis: 1500 } })),
      keyOf(offer({ fahrrad: { kaufpreis: 1600 } })),
      keyOf({
        ...offer({ fahrrad: { kaufpreis: 1500 } }),
        url: '/api/antrag/fahrrad/beratungsdokumentation',
      }),
    ];
    expect(new Set(keys).size).toBe(3);
  });

  it('are random UUIDs by default', () => {
    expect(createDownloadKeys()(offer({}))).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
