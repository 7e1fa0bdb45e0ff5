import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Routes, useLocation } from 'react-router';

/**
 * The leading static segments of a route path (`/kunden/vertraege/:nr` -> kunden, vertraege): up
 * to the first parameter, optional segment or splat.
 */
export function staticSegments(path: string): string[] {
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '') continue;
    if (segment.startsWith(':') || segment.includes('*') || segment.endsWith('?')) break;
    segments.push(segment.toLowerCase());
  }
  return segments;
}

/** The decoded, lower-case segments of a location's path, as React Router compares them. */
export function pathSegments(pathname: string): string[] {
  return pathname
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).toLowerCase();
      } catch {
        return segment.toLowerCase();
      }
    });
}

/**
 * Whether a route with `path` can match a location with these path segments: false only when
 * the path starts with static segments the location does not start with (React Router compares
 * them case-insensitively). A route without a path (a layout or index route) can always match.
 */
export function canMatch(path: string | undefined, segments: readonly string[]): boolean {
  if (path === undefined) return true;
  const prefix = staticSegments(path);
  return prefix.length <= segments.length && prefix.every((s, i) => s === segments[i]);
}

function pruned(children: ReactNode, segments: readonly string[]): ReactNode[] {
  return Children.toArray(children).flatMap((child) => {
    if (!isValidElement(child)) return [child];
    const element = child as ReactElement<{ path?: string; children?: ReactNode }>;
    if (element.type === Fragment) return pruned(element.props.children, segments);
    return canMatch(element.props.path, segments) ? [element] : [];
  });
}

/**
 * React Router's `<Routes>` given only the routes that can match the current path. React Router
 * flattens and ranks every route it is given on each render: with every flow's route (about 150
 * branches) that took about 0.1 s on a slow phone before a step could show. A route whose static
 * segments the path does not start with could not match anyway, so the choice is the same.
 */
export function RouteTable({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Routes>{pruned(children, pathSegments(pathname))}</Routes>;
}
