import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/** The heading of the page at a path: the last step of the breadcrumb trail there. */
interface PageCrumb {
  path: string;
  label: string;
}

let current: PageCrumb | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Names the shown page in the breadcrumb trail by its heading ("Frau Sabine Hoffmann", not the
 * customer number of the address); {@link usePageHeading} calls it for every page.
 */
export function useNamePageCrumb(label: string): void {
  const { pathname } = useLocation();
  useEffect(() => {
    current = { path: pathname, label };
    listeners.forEach((listener) => listener());
  }, [pathname, label]);
}

/** The label the page at `path` gave itself, if it is the page shown. */
export function usePageCrumb(path: string): string | undefined {
  const crumb = useSyncExternalStore(subscribe, () => current);
  return crumb?.path === path ? crumb.label : undefined;
}
