/** A person's display name from its data parts: "Frau Erika Mustermann" (missing parts left out). */
export const fullName = (person: {
  anrede?: string | null;
  vorname?: string | null;
  nachname?: string | null;
}): string =>
  [person.anrede, person.vorname, person.nachname]
    .filter((part): part is string => Boolean(part?.trim()))
    .join(' ');
