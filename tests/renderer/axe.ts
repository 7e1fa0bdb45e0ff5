// axe-core (the engine @axe-core/playwright runs in e2e) in jsdom: the structure rules (names,
// roles, headings, ids) apply here; rules that need layout (contrast, target size) are e2e's.
import axeCore from 'axe-core';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The WCAG 2.2 AA violations axe finds in an element, one line each. */
export async function axe(root: Element = document.body): Promise<string[]> {
  const result = await axeCore.run(root, { runOnly: { type: 'tag', values: TAGS } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}
