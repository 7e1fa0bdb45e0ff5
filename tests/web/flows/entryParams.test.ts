import { describe, expect, it } from 'vitest';
import type { WizardDefinition } from '../../../engine/index.ts';
import { entryParams } from '../../../apps/web/src/flows/entryParams.ts';
import { memoryStorage } from '../../../apps/web/src/platform/index.ts';

const flow = { id: 'fahrrad', entryParams: ['entwurf'] } as unknown as WizardDefinition;

describe('entry parameters of a flow', () => {
  it('keeps a parameter for the tab, so a reload on a later step still has it', () => {
    const storage = memoryStorage();
    expect(entryParams(flow, '?entwurf=d-1', storage)).toEqual({ entwurf: 'd-1' });
    expect(entryParams(flow, '', storage)).toEqual({ entwurf: 'd-1' });
    expect(entryParams(flow, '?entwurf=d-2', storage)).toEqual({ entwurf: 'd-2' });
  });

  it('forgets kept parameters on a fresh start, so a submitted draft is not opened again', () => {
    const storage = memoryStorage();
    entryParams(flow, '?entwurf=d-1', storage);
    expect(entryParams(flow, '', storage, { fresh: true })).toEqual({});
    expect(entryParams(flow, '', storage)).toEqual({});
  });

  it('ignores parameters the definition does not declare', () => {
    expect(entryParams(flow, '?token=x&entwurf=d-3', memoryStorage())).toEqual({ entwurf: 'd-3' });
  });
});
