// The floor: N memoised controlled inputs in plain React, no form engine, no validation.
import { memo, useCallback, useRef, useState, type ChangeEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { expose, fieldCount, fieldName } from '../shared/bench.ts';

const n = fieldCount();
const names = Array.from({ length: n }, (_, i) => fieldName(i + 1));

const Input = memo(function Input({
  name,
  label,
  value,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (name: string, value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <input
        id={name}
        name={name}
        type="text"
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(name, event.target.value)}
      />
    </div>
  );
});

function Page() {
  const [values, setValues] = useState<Record<string, string>>({});
  const latest = useRef(values);
  latest.current = values;
  expose({ n, firstValue: () => latest.current[fieldName(1)] });
  const onChange = useCallback(
    (name: string, value: string) => setValues((v) => ({ ...v, [name]: value })),
    [],
  );
  return (
    <form noValidate>
      {names.map((name, i) => (
        <Input
          key={name}
          name={name}
          label={`Feld ${i + 1}`}
          value={values[name] ?? ''}
          onChange={onChange}
        />
      ))}
    </form>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(<Page />);
