import fastUri from 'fast-uri';
import { describe, expect, it } from 'vitest';
import uriResolver from '../../../apps/web/src/vendor/uriResolver.ts';

// The stand-in must answer as fast-uri does for the calls @rjsf/utils makes.
const resolveCases: [string, string][] = [
  ['https://schemas.example/antrag/fahrrad.json', 'person.json'],
  ['https://schemas.example/antrag/fahrrad.json', '#/definitions/person'],
  ['https://schemas.example/antrag/fahrrad.json', '../gemeinsam/adresse.json#/plz'],
  ['https://schemas.example/antrag/', 'https://andere.example/x.json'],
  ['https://schemas.example/a/b.json#/alt', '#neu'],
  ['', '#/definitions/person'],
];

describe('the URI resolver rjsf uses in the browser', () => {
  it.each(resolveCases)('resolves %s + %s like fast-uri', (base, ref) => {
    expect(uriResolver.resolve(base, ref)).toBe(fastUri.resolve(base, ref));
  });

  it('compares URIs like fast-uri', () => {
    const pairs: [string, string][] = [
      ['https://schemas.example/a.json', 'https://schemas.example/a.json#'],
      ['https://schemas.example/a.json', 'https://schemas.example/b.json'],
      ['HTTPS://Schemas.example/a.json', 'https://schemas.example/a.json'],
      ['urn:example:fahrrad', 'urn:example:fahrrad'],
      ['urn:example:fahrrad', 'urn:example:hausrat'],
    ];
    for (const [a, b] of pairs)
      expect(uriResolver.equal(a, b), `${a} ${b}`).toBe(fastUri.equal(a, b));
  });
});
