/**
 * The pending lists (vorgemerkte Änderungen) of the contract view, as its schema's change history
 * names them (`aenderungshistorie.items.liste`, whose null stands for a kind no change declares any
 * longer); undefined when the schema does not name them.
 */
export function pendingListsOfView(view: unknown): string[] | undefined {
  const liste = (
    view as
      | {
          properties?: {
            aenderungshistorie?: { items?: { properties?: { liste?: { enum?: unknown } } } };
          };
        }
      | undefined
  )?.properties?.aenderungshistorie?.items?.properties?.liste?.enum;
  return Array.isArray(liste)
    ? liste.filter((name): name is string => typeof name === 'string')
    : undefined;
}
