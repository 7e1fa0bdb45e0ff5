import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createFrameChild, createFrameHost } from '../../../apps/web/src/platform/index.ts';
import { asWindow, fakeWindow } from './frameSupport.ts';

const ALLOWED = 'https://www.andsafe.example';
const CHILD = 'http://127.0.0.1:4600';

const lookAlikeOrigin = fc.oneof(
  fc.constant('null'),
  fc.constant(''),
  fc.constantFrom(
    'https://www.andsafe.example.evil.test',
    'https://evilwww.andsafe.example',
    'http://www.andsafe.example',
    'https://www.andsafe.example:8443',
    'https://www.andsafe.examp1e',
    'https://WWW.andsafe.example',
    `${ALLOWED}/`,
    `${ALLOWED}.`,
    'http://127.0.0.1:46000',
    'http://127.0.0.1',
    'http://localhost:4600',
  ),
  fc.webUrl().map((url) => new URL(url).origin),
  fc
    .string()
    .map((suffix) => `${ALLOWED}${suffix}`)
    .filter((origin) => origin !== ALLOWED),
);

const request = (command: string, id: string, args: unknown) => ({
  protocol: 'insurance-frame/1',
  kind: 'request',
  id,
  command,
  args,
});
const response = (id: string, result: unknown) => ({
  protocol: 'insurance-frame/1',
  kind: 'response',
  id,
  ok: true,
  result,
});
const wellFormed = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('getTheme', 'setLocation', 'resize', 'scrollToTop'),
      fc.string(),
      fc.object(),
    )
    .map(([command, id, args]) => request(command, id, args)),
  fc.tuple(fc.string(), fc.anything()).map(([id, result]) => response(id, result)),
);
const anyData = fc.oneof(
  wellFormed,
  fc.anything(),
  fc.json().map((text) => JSON.parse(text) as unknown),
);

describe('frame messages from anyone else', () => {
  it('the child acts on none of the foreign, malformed or look-alike messages and throws nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            origin: fc.oneof(lookAlikeOrigin, fc.constant(ALLOWED)),
            fromParent: fc.boolean(),
            data: anyData,
          }),
          { maxLength: 20 },
        ),
        async (messages) => {
          const self = fakeWindow();
          const parent = fakeWindow();
          const stranger = fakeWindow();
          const warn = vi.fn();
          const child = createFrameChild({
            self: asWindow(self),
            parent: asWindow(parent),
            parentOrigin: ALLOWED,
            allowedOrigins: [ALLOWED],
            warn,
            timeoutMs: 5,
          });
          const outcome = child.send('getTheme', {}).then(
            () => 'acted',
            () => 'not acted',
          );
          const sentId = (parent.postMessage.mock.calls[0]?.[0] as { id: string }).id;
          for (const message of messages) {
            // A message that is right in every respect except origin or window.
            const data =
              message.origin === ALLOWED && !message.fromParent
                ? response(sentId, { primary: '#000000' })
                : message.data;
            const source =
              message.origin === ALLOWED ? stranger : message.fromParent ? parent : stranger;
            expect(() => self.deliver({ origin: message.origin, source, data })).not.toThrow();
          }
          expect(await outcome).toBe('not acted');
          expect(parent.postMessage).toHaveBeenCalledTimes(1);
          child.dispose();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the parent runs no handler for foreign, malformed or look-alike messages and throws nothing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ origin: lookAlikeOrigin, data: anyData }), { maxLength: 20 }),
        fc.array(fc.anything(), { maxLength: 10 }),
        (foreign, malformedFromChild) => {
          const self = fakeWindow();
          const iframe = fakeWindow();
          const handler = vi.fn(() => null);
          createFrameHost({
            self: asWindow(self),
            child: () => asWindow(iframe),
            childOrigin: CHILD,
            warn: vi.fn(),
            handlers: {
              getTheme: vi.fn(() => ({ primary: '#000000' })),
              setLocation: handler,
              resize: handler,
              scrollToTop: handler,
            },
          });
          for (const message of foreign) {
            expect(() =>
              self.deliver({ origin: message.origin, source: iframe, data: message.data }),
            ).not.toThrow();
          }
          for (const data of malformedFromChild) {
            // Right origin and window, but not a message of the protocol.
            self.deliver({ origin: CHILD, source: iframe, data });
            // Right origin and a well-formed request, but from another window.
            self.deliver({
              origin: CHILD,
              source: fakeWindow(),
              data: request('setLocation', 'x1', { path: '/' }),
            });
          }
          expect(handler).not.toHaveBeenCalled();
          expect(iframe.postMessage).not.toHaveBeenCalled();
        },
      ),
      { numRuns: 300 },
    );
  });
});
