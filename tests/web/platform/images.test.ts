import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_QUALITY, imageUrl } from '../../../apps/web/src/platform/index.ts';

const PHOTO = 'https://images.ctfassets.net/space1/asset2/token3/schaden-foto.jpg';

describe('imageUrl', () => {
  it('rewrites a content-network image to /images as webp with the default quality 82', () => {
    expect(DEFAULT_IMAGE_QUALITY).toBe(82);
    expect(imageUrl(PHOTO)).toBe('/images/space1/asset2/token3/schaden-foto.jpg?fm=webp&q=82');
  });

  it('adds the width and a chosen quality', () => {
    expect(imageUrl(PHOTO, { width: 640, quality: 60 })).toBe(
      '/images/space1/asset2/token3/schaden-foto.jpg?fm=webp&w=640&q=60',
    );
  });

  it('rewrites protocol-relative content-network URLs and drops their query', () => {
    expect(imageUrl('//images.ctfassets.net/s/a/t/bild.png?w=10')).toBe(
      '/images/s/a/t/bild.png?fm=webp&q=82',
    );
  });

  it('leaves SVGs untouched', () => {
    const svg = 'https://images.ctfassets.net/space1/asset2/token3/logo.SVG';
    expect(imageUrl(svg, { width: 100 })).toBe(svg);
  });

  it('leaves other hosts, look-alikes and non-URLs untouched', () => {
    for (const url of [
      'https://images.ctfassets.net.evil.test/a/b/c.jpg',
      'http://images.ctfassets.net/a/b/c.jpg',
      'https://cdn.example/a.jpg',
      '/images/lokal.png',
      'kein url',
    ]) {
      expect(imageUrl(url)).toBe(url);
    }
  });
});
