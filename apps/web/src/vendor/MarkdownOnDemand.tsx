import { lazy, Suspense, type ComponentProps } from 'react';
import type { Markdown as MarkdownComponent } from 'markdown-to-jsx/react';

// rjsf renders markdown only where a ui schema enables it (none of our definitions does) and in
// its messages about unsupported schemas; the ~80 KB parser loads when one of those first shows.
const LoadedMarkdown = lazy(() =>
  import('markdown-to-jsx/react').then((m) => ({ default: m.Markdown })),
);

/**
 * Stands in for markdown-to-jsx's `Markdown` in @rjsf/core's components (the build's
 * `markdownOnDemand` plugin in vite.config.ts points their import here): the same component,
 * loaded on first use.
 */
export function Markdown(props: ComponentProps<typeof MarkdownComponent>) {
  return (
    <Suspense fallback={null}>
      <LoadedMarkdown {...props} />
    </Suspense>
  );
}
