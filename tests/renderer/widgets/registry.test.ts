import { describe, expect, it } from 'vitest';
import metaSchema from '../../../definitions/schema/wizard-definition.schema.json' with { type: 'json' };
import { isWidgetName, widgets } from '../../../renderer/widgets/index.ts';

describe('widget registry', () => {
  it('has exactly one widget for every widget name of the meta-schema', () => {
    expect(Object.keys(widgets).sort()).toEqual([...metaSchema.$defs.widgetName.enum].sort());
  });

  it('tells a known widget name from an unknown one', () => {
    expect(isWidgetName('iban')).toBe(true);
    expect(isWidgetName('colour')).toBe(false);
    expect(isWidgetName('toString')).toBe(false);
  });
});
