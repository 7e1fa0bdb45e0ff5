import type { Locator, Page } from '@playwright/test';

/** A place where a line broke where it must not: the text of its line's end and next start. */
export interface BadBreak {
  /** The characters before and after the break, joined by "|" ("Geburtsd|atum"). */
  at: string;
  /** Why it is wrong. */
  why: 'inside a word' | 'inside an e-mail address';
}

/**
 * The line breaks of the page's visible text that a reader sees as wrong: inside a word or a
 * figure without a hyphen (a letter or digit ends one line and the next starts with one, within
 * one text: "Tierhalterhaftpflichtversicheru|ng", "05.11.197|9"), and inside an e-mail address
 * anywhere but after its @ or before a dot ("kundenservice@s-|direkt.example"). A break at a soft
 * hyphen shows a hyphen and is fine. Lines are told apart by the top of each character's box.
 */
export function badLineBreaks(page: Page): Promise<BadBreak[]> {
  return page.evaluate(() => {
    const found: { at: string; why: 'inside a word' | 'inside an e-mail address' }[] = [];
    const wordChar = /[\p{L}\p{N}]/u;
    const range = document.createRange();
    /**
     * The top of each visible character of a text node (undefined where it has no box). A
     * character after a hyphenation break also reports the hyphen's box at the end of the line
     * before: its own box is its last one.
     */
    const tops = (node: Text): (number | undefined)[] =>
      Array.from(node.data, (_, index) => {
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const rect = [...range.getClientRects()].filter((box) => box.width > 0).pop();
        return rect?.top;
      });
    const snippet = (text: string, index: number): string =>
      `${text.slice(Math.max(0, index - 12), index)}|${text.slice(index, index + 12)}`;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      const parent = text.parentElement;
      if (!parent || parent.closest('.email-address, script, style, [hidden]')) continue;
      if (text.data.trim().length < 2 || parent.getClientRects().length === 0) continue;
      const lineTops = tops(text);
      let previous = -1;
      lineTops.forEach((top, index) => {
        if (top === undefined) return;
        const before = previous >= 0 ? lineTops[previous] : undefined;
        if (
          before !== undefined &&
          top > before + 2 &&
          // Neighbours in the text: a space or a soft hyphen between them has no box here.
          index === previous + 1 &&
          wordChar.test(text.data[previous] ?? '') &&
          wordChar.test(text.data[index] ?? '')
        )
          found.push({ at: snippet(text.data, index), why: 'inside a word' });
        previous = index;
      });
    }
    for (const address of document.querySelectorAll<HTMLElement>('.email-address')) {
      if (address.getClientRects().length === 0) continue;
      const chars: { char: string; top: number }[] = [];
      const inner = document.createTreeWalker(address, NodeFilter.SHOW_TEXT);
      for (let node = inner.nextNode(); node; node = inner.nextNode()) {
        const text = node as Text;
        tops(text).forEach((top, index) => {
          if (top !== undefined) chars.push({ char: text.data[index] ?? '', top });
        });
      }
      const whole = chars.map((c) => c.char).join('');
      chars.forEach((current, index) => {
        const before = chars[index - 1];
        if (before && current.top > before.top + 2 && before.char !== '@' && current.char !== '.')
          found.push({ at: snippet(whole, index), why: 'inside an e-mail address' });
      });
    }
    return found;
  });
}

/**
 * On how many lines the words `text` stand inside the element (1 when they do not break; 0 when
 * the element does not contain them). Lines are told apart by the top of each character's box.
 */
export function linesOfText(element: Locator, text: string): Promise<number> {
  return element.evaluate((root, wanted) => {
    const range = document.createRange();
    const chars: { char: string; top: number }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const data = (node as Text).data;
      for (let index = 0; index < data.length; index++) {
        // Soft hyphens and spaces are left out: a space at a line's end has no box.
        if (data[index] === '\u00ad' || /\s/.test(data[index] ?? '')) continue;
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const box = [...range.getClientRects()].filter((rect) => rect.width > 0).pop();
        if (box) chars.push({ char: data[index] ?? '', top: box.top });
      }
    }
    const at = chars
      .map((c) => c.char)
      .join('')
      .indexOf(wanted.replace(/\s/g, ''));
    if (at < 0) return 0;
    const tops = chars.slice(at, at + wanted.replace(/\s/g, '').length).map((c) => c.top);
    return 1 + tops.filter((top, index) => index > 0 && top > (tops[index - 1] ?? top) + 2).length;
  }, text);
}
