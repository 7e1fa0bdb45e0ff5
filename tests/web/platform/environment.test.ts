import { describe, expect, it } from 'vitest';
import { defaultFlags, environmentConfig } from '../../../apps/web/src/config/environment.ts';

const NAMES = ['localhost', 'development', 'accept', 'integration', 'production'];

describe('environments', () => {
  it.each(NAMES)(
    '%s has API base, identity pools, claim apps per brand, flag client id, monitoring and frame origins',
    (name) => {
      const environment = environmentConfig(name);
      expect(environment.id).toBe(name);
      expect(environment.identityPools.benutzer).toMatch(/^eu-central-1_/);
      expect(Object.keys(environment.claimApps).sort()).toEqual([
        'andsafe',
        'hfk',
        'protect',
        'protect-ch',
        's-direkt',
      ]);
      expect(environment.flags.clientId).not.toBe('');
      expect(environment.frameOrigins.length).toBeGreaterThan(0);
      for (const origin of environment.frameOrigins) expect(new URL(origin).origin).toBe(origin);
    },
  );

  it('throws "Environment not found" for an unrecognised environment', () => {
    expect(() => environmentConfig('staging')).toThrow('Environment not found');
    expect(() => environmentConfig('toString')).toThrow('Environment not found');
  });

  it('masks personal data in production only and monitors nothing locally', () => {
    const masking = NAMES.filter((name) => environmentConfig(name).monitoring.maskPersonalData);
    expect(masking).toEqual(['production']);
    expect(environmentConfig('localhost').monitoring.dsn).toBe('');
  });

  it('talks to the reference backend’s flag endpoint locally and allows the demo parent as frame origin', () => {
    const local = environmentConfig('localhost');
    expect(local.flags.baseUrl).toBe('/api/flags');
    expect(local.frameOrigins).toContain('http://localhost:4600');
    expect(
      environmentConfig('production').frameOrigins.every((o) => o.startsWith('https://')),
    ).toBe(true);
  });

  it('has both flags of the spec, off by default', () => {
    expect(defaultFlags()).toEqual({
      'use-contentful-preview': false,
      'enable-vehicle-insurance-claim-report': false,
    });
  });
});
