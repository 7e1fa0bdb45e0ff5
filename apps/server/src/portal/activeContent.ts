/**
 * Markup and script a browser could run: refused as uploads whatever their name or declared type
 * (an SVG or an HTML page named `.png` is plain text to the magic-byte check and would otherwise be
 * stored as text/plain). The rules follow the WHATWG MIME sniffing standard's HTML and XML
 * signatures at the start of the file, and look for script-bearing tags anywhere in a text file.
 */

/** Tags that start an HTML document in the sniffing standard, and the XML/SVG openers. */
const LEADING_MARKUP =
  /^<(?:!doctype\s+html|html|head|body|script|iframe|h1|div|font|table|a|style|title|b|br|p|!--|\?xml|svg|object|embed|math|xsl:|xml)(?:[\s>/]|$)/;

/** Anywhere in a text file: tags and URLs that carry script, SVG or a document. */
const EMBEDDED_ACTIVE =
  /<(?:script|svg|html|iframe|object|embed|foreignobject|\?xml|!doctype\s+html)[\s>/]|javascript:|vbscript:|\bon(?:load|error|click|mouseover)\s*=/;

/** How many leading bytes are examined (markup starts early; a text file is read in full). */
const LIMIT = 64 * 1024;

/**
 * Whether the bytes are markup or script: SVG, HTML, XML, a `#!` script, or a text holding
 * `<script>`, `<svg>`, `<iframe>`, `javascript:` and the like. `isText` says the whole file is text
 * (then it is searched throughout, up to 64 KiB); otherwise only its start is checked.
 */
export function isActiveContent(bytes: Uint8Array, isText: boolean): boolean {
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, LIMIT))
    .replace(/^\uFEFF/, '')
    .replaceAll(String.fromCharCode(0), '')
    .toLowerCase();
  const start = head.trimStart();
  if (start.startsWith('#!')) return true;
  if (LEADING_MARKUP.test(start)) return true;
  return isText && EMBEDDED_ACTIVE.test(head);
}
