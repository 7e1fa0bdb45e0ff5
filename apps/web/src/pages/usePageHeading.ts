import { useEffect, useRef } from 'react';

/**
 * A page's h1: sets the document title and moves focus to the heading when the page opens (and
 * when its title changes). Put the ref on an `<h1 tabIndex={-1}>`.
 */
export function usePageHeading(title: string) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = title;
    ref.current?.focus();
  }, [title]);
  return ref;
}
