import {
  findNodeAtLocation,
  parseTree,
  printParseErrorCode,
  type Node,
  type ParseError,
} from 'jsonc-parser';

/** A position in a file, 1-based as editors show it. */
export interface Position {
  line: number;
  column: number;
}

/** A JSON file parsed with its positions, so errors can name line and column. */
export interface JsonSource {
  path: string;
  value: unknown;
  /** Position of the value at a JSON pointer (or of its nearest existing parent). */
  locate(pointer: string): Position;
  /** Syntax errors, each with its position and a message. */
  syntaxErrors: { position: Position; message: string }[];
}

/** Splits a JSON pointer (/steps/0/id) into its segments, unescaping ~1 and ~0. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Builds a JSON pointer from segments. */
export function toPointer(segments: (string | number)[]): string {
  return segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

function positionAt(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

function nodeAt(root: Node, segments: string[]): Node {
  for (let n = segments.length; n >= 0; n--) {
    const path = segments.slice(0, n).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
    const node = findNodeAtLocation(root, path);
    if (node) {
      // Point at the property's key rather than its value when the node is an object member.
      if (node.parent?.type === 'property' && node.parent.children?.[0])
        return node.parent.children[0];
      return node;
    }
  }
  return root;
}

/** Parses a JSON file, keeping what is needed to report positions. */
export function parseSource(path: string, text: string): JsonSource {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  return {
    path,
    value,
    syntaxErrors: errors.map((e) => ({
      position: positionAt(text, e.offset),
      message: `JSON syntax error: ${printParseErrorCode(e.error)}`,
    })),
    locate(pointer) {
      if (!root) return { line: 1, column: 1 };
      return positionAt(text, nodeAt(root, pointerSegments(pointer)).offset);
    },
  };
}
