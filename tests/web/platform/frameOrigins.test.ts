import { describe, expect, it } from 'vitest';
import { environmentConfig, frameOriginsOf } from '../../../apps/web/src/config/environment.ts';

describe('the embedders allowed to frame the app', () => {
  it('on localhost include the page’s own port on localhost and 127.0.0.1', () => {
    const origins = frameOriginsOf(environmentConfig('localhost'), {
      protocol: 'http:',
      port: '4781',
    });
    expect(origins).toEqual(
      expect.arrayContaining([
        'http://localhost:4781',
        'http://127.0.0.1:4781',
        'http://localhost:4600',
      ]),
    );
  });

  it('elsewhere are exactly the configured ones', () => {
    const production = environmentConfig('production');
    expect(frameOriginsOf(production, { protocol: 'https:', port: '4781' })).toEqual(
      production.frameOrigins,
    );
  });
});
