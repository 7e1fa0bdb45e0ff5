// Used only while @rjsf/validator-ajv8 is not installed (bench/build.mjs aliases it here): the
// same work as rjsf's AJV8Validator for plain schemas (ajv 8 with allErrors and formats, each
// error turned into an RJSFValidationError, then an ErrorSchema), so the rjsf pages still build.
// Figures measured with it are marked in the output; install the real validator for the record.
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import {
  toErrorSchema,
  type RJSFSchema,
  type RJSFValidationError,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';

type AddFormats = (ajv: Ajv) => Ajv;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ??
  addFormatsModule) as AddFormats;

const ajv = new Ajv({
  allErrors: true,
  multipleOfPrecision: 8,
  strict: false,
  verbose: true,
  discriminator: false,
});
addFormats(ajv);

function toRjsfErrors(errors: readonly ErrorObject[]): RJSFValidationError[] {
  return errors.map((e) => {
    let property = e.instancePath.replace(/\//g, '.');
    if (e.keyword === 'required') property = `${property}.${String(e.params['missingProperty'])}`;
    const message = e.message ?? '';
    return {
      name: e.keyword,
      property,
      message,
      params: e.params,
      stack: `${property} ${message}`.trim(),
      schemaPath: e.schemaPath,
    };
  });
}

function raw(schema: RJSFSchema, formData: unknown): ErrorObject[] {
  const validate = ajv.compile(schema);
  validate(formData);
  return validate.errors ?? [];
}

const validator: ValidatorType = {
  validateFormData(formData, schema): ValidationData<unknown> {
    const errors = toRjsfErrors(raw(schema, formData));
    return { errors, errorSchema: toErrorSchema(errors) };
  },
  isValid(schema, formData) {
    return raw(schema, formData).length === 0;
  },
  rawValidation(schema, formData) {
    return { errors: raw(schema, formData) } as never;
  },
};

export default validator;
