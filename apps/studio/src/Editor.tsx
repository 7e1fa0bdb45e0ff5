import { useEffect, useRef } from 'react';
import { basicSetup, EditorView } from 'codemirror';
import { EditorState } from '@codemirror/state';
import { json } from '@codemirror/lang-json';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { hoverTooltip } from '@codemirror/view';
import { jsonCompletion, jsonSchemaHover, stateExtensions } from 'codemirror-json-schema';
import type { CheckError } from '#engine';
import metaSchema from '../../../definitions/schema/wizard-definition.schema.json';

export interface EditorProps {
  /** The text the editor starts with; a new value (another file picked) replaces its content. */
  text: string;
  onChange: (text: string) => void;
  /** The check's problems of this file, shown at their line. */
  errors: readonly CheckError[];
  label: string;
  /** A problem picked in the list: the editor moves to its line (a new object each time). */
  jumpTo?: { line: number; column: number };
}

/** A check error's place in the document (its line and column are 1-based). */
function diagnosticOf(view: EditorView, error: CheckError): Diagnostic {
  const doc = view.state.doc;
  const line = doc.line(Math.min(Math.max(error.line, 1), doc.lines));
  const from = Math.min(line.from + Math.max(error.column - 1, 0), line.to);
  return { from, to: Math.max(from, line.to), severity: 'error', message: error.message };
}

/**
 * The definition's text in CodeMirror 6: JSON mode, completion and hover help from the
 * wizard-definition meta-schema (codemirror-json-schema), and the check's problems at their line.
 */
export function Editor({ text, onChange, errors, label, jumpTo }: EditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });

  useEffect(() => {
    if (!host.current) return;
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: text,
        extensions: [
          basicSetup,
          json(),
          lintGutter(),
          json().language.data.of({ autocomplete: jsonCompletion() }),
          hoverTooltip(jsonSchemaHover()),
          stateExtensions(metaSchema as never),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
    // Created once: a text handed in later (another file picked) arrives through the next effect.
  }, []);

  useEffect(() => {
    const current = view.current;
    if (!current || current.state.doc.toString() === text) return;
    current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: text } });
  }, [text]);

  useEffect(() => {
    const current = view.current;
    if (!current) return;
    current.dispatch(
      setDiagnostics(
        current.state,
        errors.map((e) => diagnosticOf(current, e)),
      ),
    );
  }, [errors]);

  useEffect(() => {
    const current = view.current;
    if (!current || !jumpTo) return;
    const doc = current.state.doc;
    const line = doc.line(Math.min(Math.max(jumpTo.line, 1), doc.lines));
    const at = Math.min(line.from + Math.max(jumpTo.column - 1, 0), line.to);
    current.dispatch({
      selection: { anchor: at },
      effects: EditorView.scrollIntoView(at, { y: 'center' }),
    });
    current.focus();
  }, [jumpTo]);

  return <div className="studio-editor" ref={host} />;
}
