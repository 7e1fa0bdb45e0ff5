import { useEffect, useMemo, useRef, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { CheckError, WizardDefinition } from '#engine';
import flagCatalogue from '../../../definitions/flags.json';
import { Editor } from './Editor.tsx';
import { Preview } from './Preview.tsx';
import { GraphView } from './GraphView.tsx';
import { flowFiles } from './definitionFiles.ts';
import { brandMarkets, createStudioI18n, showMarket } from './i18n.ts';
import { previewOf, type PreviewFlow } from './previewSetup.ts';
import type { CheckRequest, CheckResponse } from './checkTypes.ts';
import './studio.css';

const PASTED = 'definitions/applications/eingefuegt.json';
const PREVIEW_DELAY_MS = 150;
const CHECK_DELAY_MS = 400;
const flagNames = Object.keys((flagCatalogue as { flags: Record<string, unknown> }).flags);

/** The file `?datei=` asks for, else the first application flow (else the first flow). */
const initialPath = (): string => {
  const asked = new URLSearchParams(window.location.search).get('datei');
  if (flowFiles.some((f) => f.path === asked)) return asked as string;
  const first =
    flowFiles.find((f) => f.path.startsWith('definitions/applications/')) ?? flowFiles[0];
  return first?.path ?? PASTED;
};
const textOf = (path: string): string => flowFiles.find((f) => f.path === path)?.text ?? '';

type CheckState = { running: boolean; response?: CheckResponse };

function useCheck(path: string, text: string): CheckState {
  const worker = useRef<Worker | null>(null);
  const asked = useRef(0);
  const [state, setState] = useState<CheckState>({ running: true });
  useEffect(() => {
    const created = new Worker(new URL('./checkWorker.ts', import.meta.url), { type: 'module' });
    created.onmessage = (event: MessageEvent<CheckResponse>) => {
      if (event.data.id === asked.current) setState({ running: false, response: event.data });
    };
    worker.current = created;
    return () => created.terminate();
  }, []);
  useEffect(() => {
    setState((s) => ({ ...s, running: true }));
    const timer = setTimeout(() => {
      asked.current += 1;
      const request: CheckRequest = { id: asked.current, path, text };
      worker.current?.postMessage(request);
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [path, text]);
  return state;
}

function StudioPage() {
  const { t, i18n } = useTranslation('studio');
  const [path, setPath] = useState(initialPath);
  const [loaded, setLoaded] = useState(() => textOf(path));
  const [text, setText] = useState(loaded);
  const [flow, setFlow] = useState<PreviewFlow | undefined>(undefined);
  const [stale, setStale] = useState<string | undefined>(undefined);
  const check = useCheck(path, text);
  const [brand, setBrand] = useState('');
  const [variant, setVariant] = useState('');
  const [role, setRole] = useState('');
  const [flags, setFlags] = useState<Record<string, boolean>>({});
  const [extra, setExtra] = useState('{\n  "today": "2026-11-22",\n  "route": {}\n}');
  const [saved, setSaved] = useState<string | undefined>(undefined);
  const [jumpTo, setJumpTo] = useState<{ line: number; column: number } | undefined>(undefined);

  useEffect(() => {
    const timer = setTimeout(() => {
      const result = previewOf(path, text);
      if (result.ok) {
        setFlow(result.flow);
        setStale(undefined);
      } else setStale(t(result.reason));
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [path, text, t]);

  const definition: WizardDefinition | undefined = flow?.definition;
  const brands = definition?.brands ?? [];
  const variants = definition?.variants?.map((v) => v.id as string) ?? [];
  const chosenVariant = variants.includes(variant) ? variant : (variants[0] ?? '');
  const roles =
    definition?.variants?.find((v) => v.id === chosenVariant)?.roles ?? definition?.roles ?? [];
  const chosenBrand = brands.includes(brand as never) ? brand : (brands[0] ?? '');
  const chosenRole = roles.includes(role as never) ? role : (roles[0] ?? '');
  const extraContext = useMemo(() => {
    try {
      const value = JSON.parse(extra) as unknown;
      return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : undefined;
    } catch {
      return undefined;
    }
  }, [extra]);
  const market = brandMarkets.get(chosenBrand);
  useEffect(() => {
    if (market) void showMarket(i18n, market);
  }, [i18n, market]);
  const context = useMemo(
    () => ({
      environment: 'localhost',
      config: { claimProducts: [], claimApps: {} },
      ...(market ? { market } : {}),
      ...extraContext,
      brand: chosenBrand,
      role: chosenRole,
      ...(chosenVariant ? { variant: chosenVariant } : {}),
      flags,
    }),
    [extraContext, chosenBrand, chosenRole, chosenVariant, flags, market],
  );

  const errors: readonly CheckError[] = check.response?.errors ?? [];
  const paths =
    check.response?.variants?.find((v) => v.variant === (chosenVariant || null))?.paths ?? [];

  const pick = (next: string): void => {
    const nextText = next === PASTED ? '' : textOf(next);
    setPath(next);
    setLoaded(nextText);
    setText(nextText);
    setSaved(undefined);
  };
  const save = async (): Promise<void> => {
    const response = await fetch('/__studio/save', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path, text }),
    }).catch(() => undefined);
    if (response?.ok) setSaved(t('gespeichert'));
    else {
      const body = (await response?.json().catch(() => undefined)) as
        { message?: string } | undefined;
      setSaved(t('speichernFehler', { grund: body?.message ?? String(response?.status ?? 0) }));
    }
  };

  return (
    <div className="studio">
      <header className="studio-bar">
        <h1>{t('titel')}</h1>
        <label>
          {t('definition')}
          <select value={path} onChange={(e) => pick(e.target.value)}>
            {flowFiles.map((f) => (
              <option key={f.path} value={f.path}>
                {f.path.replace(/^definitions\//, '')}
              </option>
            ))}
            <option value={PASTED}>{t('eingefuegt')}</option>
          </select>
        </label>
        <button
          type="button"
          onClick={() => void save()}
          disabled={path === PASTED}
          title={path === PASTED ? t('nichtSpeicherbar') : undefined}
        >
          {t('speichern')}
        </button>
        {saved ? <span role="status">{saved}</span> : null}
      </header>
      <div className="studio-columns">
        <section className="studio-column" aria-labelledby="studio-editor">
          <h2 id="studio-editor">{t('editor')}</h2>
          <Editor
            text={loaded}
            onChange={setText}
            errors={errors}
            label={t('editor')}
            {...(jumpTo ? { jumpTo } : {})}
          />
          <section aria-labelledby="studio-check" className="studio-check">
            <h2 id="studio-check">{t('pruefung')}</h2>
            <p role="status">
              {check.running
                ? t('pruefungLaeuft')
                : errors.length === 0
                  ? t('keineProbleme')
                  : t('probleme', { count: errors.length })}
            </p>
            <ul data-testid="studio-problems">
              {errors.map((e, i) => (
                <li key={i}>
                  <button
                    type="button"
                    className="studio-problem"
                    onClick={() => setJumpTo({ line: e.line, column: e.column })}
                  >
                    {t('zeile', { line: e.line, column: e.column, message: e.message })}
                  </button>
                </li>
              ))}
            </ul>
            {check.response && check.response.elsewhere > 0 ? (
              <p>{t('anderswo', { count: check.response.elsewhere })}</p>
            ) : null}
          </section>
        </section>
        <section className="studio-column" aria-labelledby="studio-preview">
          <h2 id="studio-preview">{t('vorschau')}</h2>
          <div className="studio-context">
            <label>
              {t('marke')}
              <select value={chosenBrand} onChange={(e) => setBrand(e.target.value)}>
                {brands.map((b) => (
                  <option key={b}>{b}</option>
                ))}
              </select>
            </label>
            {variants.length > 0 ? (
              <label>
                {t('variante')}
                <select value={chosenVariant} onChange={(e) => setVariant(e.target.value)}>
                  {variants.map((v) => (
                    <option key={v}>{v}</option>
                  ))}
                </select>
              </label>
            ) : null}
            <label>
              {t('rolle')}
              <select value={chosenRole} onChange={(e) => setRole(e.target.value)}>
                {roles.map((r) => (
                  <option key={r}>{r}</option>
                ))}
              </select>
            </label>
            <fieldset>
              <legend>{t('flags')}</legend>
              {flagNames.map((name) => (
                <label key={name}>
                  <input
                    type="checkbox"
                    checked={flags[name] ?? false}
                    onChange={(e) => setFlags({ ...flags, [name]: e.target.checked })}
                  />
                  {name}
                </label>
              ))}
            </fieldset>
            <label className="studio-extra">
              {t('kontext')}
              <textarea value={extra} onChange={(e) => setExtra(e.target.value)} rows={3} />
            </label>
            {extraContext ? null : <p role="alert">{t('kontextFehler')}</p>}
          </div>
          {stale ? <p role="alert">{t('vorschauAlt', { grund: stale })}</p> : null}
          <div className="studio-preview" data-testid="studio-preview">
            {flow ? (
              <Preview
                key={`${flow.definition.id}|${chosenVariant}`}
                flow={flow}
                context={context}
              />
            ) : null}
          </div>
        </section>
      </div>
      {definition ? <GraphView definition={definition} paths={paths} errors={errors} /> : null}
    </div>
  );
}

/** The authoring studio (development only): editor, live preview, check and step graph. */
export function Studio() {
  const [i18n] = useState(createStudioI18n);
  return (
    <I18nextProvider i18n={i18n}>
      <StudioPage />
    </I18nextProvider>
  );
}
