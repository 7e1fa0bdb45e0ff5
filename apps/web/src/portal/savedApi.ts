import { flows } from '../../../../generated/definitions/index.ts';
import { getJson } from './api.ts';

/** One of the customer's saved applications, as the start page lists it. */
export interface SavedApplication {
  id: string;
  flow: string;
  version: number;
  schritt: string | null;
  aktualisiert: string;
  gueltigBis: string;
}

/** The signed-in customer's saved applications, newest first. */
export const fetchSavedApplications = (): Promise<SavedApplication[]> =>
  getJson<SavedApplication[]>('/api/portal/gespeicherte-antraege');

/**
 * Where a saved application continues: the flow's customer-portal variant with the saved
 * application's id as its `entwurf` entry parameter; undefined for a flow the portal does not run.
 */
export function continueRoute(saved: Pick<SavedApplication, 'flow' | 'id'>): string | undefined {
  const entry = flows.find((f) => f.id === saved.flow && f.roles.includes('benutzer'));
  return entry ? `${entry.baseRoute}?entwurf=${encodeURIComponent(saved.id)}` : undefined;
}

/** The i18n namespace of a flow, for its title. */
export const flowNamespace = (flow: string): string | undefined =>
  flows.find((f) => f.id === flow)?.i18nNamespace;
