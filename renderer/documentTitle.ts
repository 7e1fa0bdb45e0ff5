/**
 * Sets the document title from its parts, most specific first ("Ihr Fahrrad", the flow, the
 * brand), joined by " – "; empty parts are left out. The texts' soft hyphens are dropped: a title
 * never breaks, and a screen reader or a tab reads it as written.
 */
export function setDocumentTitle(parts: readonly (string | undefined)[], prefix = ''): void {
  const title = parts.filter((part): part is string => Boolean(part)).join(' – ');
  document.title = `${prefix}${title}`.replace(/\u00ad/g, '');
}
