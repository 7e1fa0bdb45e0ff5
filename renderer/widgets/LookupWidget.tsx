import { useEffect, useRef, useState } from 'react';
import type { ReactElement } from 'react';
import type { WidgetProps } from './widgetProps.ts';
import { formContextOf, type LookupOption } from '../formContext.ts';
import { autocompleteOf, controlAttributes, textOf, valueOfText } from './controlAttributes.ts';
import { textWidth } from './textWidth.ts';

/** How long typing must pause before suggestions are asked for. */
export const LOOKUP_DELAY_MS = 250;

interface LookupSettings {
  endpoint: string | undefined;
  queryParam: string;
  minLength: number;
  params: Record<string, string>;
}

/** The widget's ui:options: endpoint, queryParam (default q), minLength (default 2), params. */
function settingsOf(options: WidgetProps['options']): LookupSettings {
  const { endpoint, queryParam, minLength, params } = options as Record<string, unknown>;
  const named: Record<string, string> = {};
  if (typeof params === 'object' && params !== null) {
    for (const [name, field] of Object.entries(params as Record<string, unknown>))
      if (typeof field === 'string') named[name] = field;
  }
  return {
    endpoint: typeof endpoint === 'string' ? endpoint : undefined,
    queryParam: typeof queryParam === 'string' && queryParam !== '' ? queryParam : 'q',
    minLength: typeof minLength === 'number' && minLength >= 0 ? minLength : 2,
    params: named,
  };
}

/**
 * A text field with suggestions from a finder endpoint (ARIA 1.2 combobox with a listbox
 * popup). The answer is the text, typed or chosen: choosing a suggestion sets the field to its
 * label. Suggestions are asked for once typing pauses and the text has `minLength` characters,
 * with the answers of the sibling fields named in `params`; an answer to an older text is
 * dropped. Arrow keys move through the suggestions (the input keeps focus, aria-activedescendant
 * points at the option), Enter or a click chooses, Escape closes; a status says how many there
 * are.
 */
export function LookupWidget(props: WidgetProps): ReactElement {
  const { id, onChange, onBlur, onFocus } = props;
  const context = formContextOf(props.registry);
  const { t } = context;
  const settings = settingsOf(props.options);
  const readOnly = props.readonly === true || props.disabled === true;
  const text = textOf(props.value);
  const [suggestions, setSuggestions] = useState<readonly LookupOption[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const sequence = useRef(0);
  const focused = useRef(false);
  const listId = `${id}__suggestions`;
  const optionId = (index: number): string => `${id}__suggestion-${index}`;

  const cancel = (): void => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
    sequence.current++;
  };
  useEffect(() => cancel, []);

  const close = (): void => {
    setOpen(false);
    setActive(-1);
  };

  const search = (value: string, delay: number): void => {
    cancel();
    const call = sequence.current;
    const { lookup } = context;
    const { endpoint } = settings;
    if (!lookup || endpoint === undefined || readOnly || value.trim().length < settings.minLength) {
      setSuggestions([]);
      close();
      setStatus('');
      return;
    }
    timer.current = setTimeout(() => {
      timer.current = undefined;
      const query = {
        text: value.trim(),
        queryParam: settings.queryParam,
        params: settings.params,
      };
      lookup(endpoint, query).then(
        (found) => {
          if (call !== sequence.current || found === undefined) return;
          setSuggestions(found);
          setActive(-1);
          setOpen(found.length > 0 && focused.current);
          setStatus(
            found.length === 0
              ? t('common:widgets.lookup.none')
              : t('common:widgets.lookup.results', { count: found.length }),
          );
        },
        () => undefined,
      );
    }, delay);
  };

  const choose = (option: LookupOption): void => {
    cancel();
    onChange(option.label);
    setSuggestions([]);
    close();
    setStatus('');
  };

  return (
    <div className="lookup">
      <input
        {...controlAttributes(props)}
        className={`input input--text input--${textWidth(props.schema)} lookup__input`}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        autoComplete={autocompleteOf(props, 'off')}
        readOnly={props.readonly === true}
        value={text}
        onChange={(event) => {
          onChange(valueOfText(event.target.value));
          setActive(-1);
          search(event.target.value, LOOKUP_DELAY_MS);
        }}
        onKeyDown={(event) => {
          const count = suggestions.length;
          switch (event.key) {
            case 'ArrowDown':
              event.preventDefault();
              if (open && count > 0) setActive(event.altKey ? active : (active + 1) % count);
              else if (count > 0) {
                setOpen(true);
                setActive(event.altKey ? -1 : 0);
              } else search(text, 0);
              return;
            case 'ArrowUp':
              if (!open || count === 0) return;
              event.preventDefault();
              setActive(active <= 0 ? count - 1 : active - 1);
              return;
            case 'Enter': {
              const option = open && active >= 0 ? suggestions[active] : undefined;
              if (option) {
                event.preventDefault();
                choose(option);
              }
              return;
            }
            case 'Escape':
              if (open) {
                event.preventDefault();
                close();
              }
              return;
            default:
              return;
          }
        }}
        onBlur={(event) => {
          focused.current = false;
          cancel();
          close();
          onBlur(id, valueOfText(event.target.value));
        }}
        onFocus={(event) => {
          focused.current = true;
          onFocus(id, valueOfText(event.target.value));
        }}
      />
      <ul
        id={listId}
        role="listbox"
        className="lookup__listbox"
        aria-label={t('common:widgets.lookup.listLabel', { label: props.label })}
        hidden={!open}
      >
        {suggestions.map((option, index) => (
          <li
            key={`${option.key}\u0000${index}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={`lookup__option${index === active ? ' lookup__option--active' : ''}`}
            // Keep focus in the input: a click chooses without blurring it first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
          >
            {option.label}
          </li>
        ))}
      </ul>
      <span className="visually-hidden" role="status">
        {status}
      </span>
    </div>
  );
}
