// Plain @rjsf/core: one controlled <Form> over the whole step, with rjsf's ajv8 validator.
import { useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
// The package index also loads rjsf's test registry; the Form component alone is what apps use.
import Form from '@rjsf/core/lib/components/Form.js';
import validator from '@rjsf/validator-ajv8';
import { expose, fieldCount, fieldName, longSchema } from './bench.ts';

const n = fieldCount();
const schema = longSchema(n);

function Page({ liveValidate }: { liveValidate: boolean }) {
  const [formData, setFormData] = useState<Record<string, unknown>>({});
  const form = useRef<Form>(null);
  expose({ n, firstValue: () => form.current?.state.formData?.[fieldName(1)] });
  return (
    <Form
      ref={form}
      schema={schema}
      validator={validator}
      formData={formData}
      liveValidate={liveValidate ? 'onChange' : false}
      showErrorList={false}
      onChange={(event) => setFormData(event.formData as Record<string, unknown>)}
    />
  );
}

/** Mounts the rjsf page, with or without validation on every change. */
export function mountRjsf(liveValidate: boolean): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root');
  createRoot(root).render(<Page liveValidate={liveValidate} />);
}
