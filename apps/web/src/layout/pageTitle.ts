import { createContext, useContext, useEffect } from 'react';
import { setDocumentTitle } from '#renderer';

/** The name of the brand the page is shown as ("S-Direkt"): the last part of every title. */
export const BrandNameContext = createContext('');

/**
 * Titles the document "<page> – <brand>" (with `prefix` before it, "Fehler: " while errors show),
 * so that a tab, a bookmark and a screen reader name the page and the brand.
 */
export function usePageTitle(page: string, prefix = ''): void {
  const brand = useContext(BrandNameContext);
  useEffect(() => {
    setDocumentTitle([page, brand], prefix);
  }, [page, brand, prefix]);
}
