import { createFrameChild, type FrameChild } from './frameChild.ts';
import { parentOriginOf } from './parentOrigin.ts';

/**
 * The platform's frame channel when it runs inside an allowed embedding page, else undefined
 * (top-level page, or an embedder outside the environment's frame origins).
 */
export function connectToParent(
  win: Window,
  allowedOrigins: readonly string[],
): FrameChild | undefined {
  const parentOrigin = parentOriginOf(win, allowedOrigins);
  if (!parentOrigin) return undefined;
  return createFrameChild({ self: win, parent: win.parent, parentOrigin, allowedOrigins });
}

/** Asks the parent for its theme and applies it as the brand's CSS custom properties. */
export async function adoptParentTheme(frame: FrameChild, root: HTMLElement): Promise<void> {
  const theme = await frame.send('getTheme', {});
  root.style.setProperty('--brand-primary', theme.primary);
  if (theme.onPrimary) root.style.setProperty('--brand-on-primary', theme.onPrimary);
  if (theme.accent) root.style.setProperty('--brand-accent', theme.accent);
  root.dataset['frameTheme'] = 'parent';
}

/** Tells the parent the document's height whenever it changes; returns the stop function. */
export function reportHeight(frame: FrameChild, doc: Document): () => void {
  let last = -1;
  const send = (): void => {
    const height = Math.ceil(doc.documentElement.scrollHeight);
    if (height === last) return;
    last = height;
    frame.send('resize', { height }).catch(() => undefined);
  };
  const observer = new ResizeObserver(send);
  observer.observe(doc.body);
  send();
  return () => observer.disconnect();
}
