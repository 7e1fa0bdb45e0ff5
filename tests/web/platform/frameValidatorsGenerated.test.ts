import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateFrameProtocolFiles } from '../../../apps/web/src/platform/generateFrameValidators.ts';

describe('the frame protocol’s generated validators and types', () => {
  it('are up to date with definitions/schema/frame-protocol.schema.json', async () => {
    const files = await generateFrameProtocolFiles(process.cwd());
    expect(files.size).toBe(3);
    for (const [path, text] of files) expect(readFileSync(path, 'utf8'), path).toBe(text);
  });

  it('contain no schema compiler call, so the browser compiles nothing', async () => {
    const files = await generateFrameProtocolFiles(process.cwd());
    const js = files.get('generated/frame/frameValidators.js') ?? '';
    expect(js).not.toMatch(/new Function|compile\(|require\(/);
  });
});
