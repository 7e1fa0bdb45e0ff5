import { useEffect, useRef } from 'react';
import { usePageTitle } from '../layout/pageTitle.ts';
import { useNamePageCrumb } from '../layout/pageCrumb.ts';

/**
 * A page's h1: titles the document "<title> – <brand>", names the page's step of the breadcrumb
 * trail and moves focus to the heading when the
 * page opens (and when its title changes). Put the ref on an `<h1 tabIndex={-1}>`.
 */
export function usePageHeading(title: string) {
  const ref = useRef<HTMLHeadingElement>(null);
  usePageTitle(title);
  useNamePageCrumb(title);
  useEffect(() => {
    ref.current?.focus();
  }, [title]);
  return ref;
}
