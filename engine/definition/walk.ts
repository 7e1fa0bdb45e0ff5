import {
  draftDeclarations,
  type EndpointCall,
  type OutcomeCase,
  type Step,
  type WizardDefinition,
} from './types.ts';
import type { Rule } from '../rules/evaluate.ts';

/** Which variables a rule at some place may read. */
export interface RuleScope {
  /** Steps whose answers may be read (data.<step>...). */
  steps: readonly Step[];
  /** Further roots besides data and context (response, status, option, result, value). */
  extraRoots: readonly string[];
}

/** A rule of a definition with its JSON pointer and scope. */
export interface LocatedRule {
  pointer: string;
  rule: Rule;
  scope: RuleScope;
}

/** An endpoint call of a definition with its pointer and the steps that trigger it. */
export interface LocatedCall {
  pointer: string;
  call: EndpointCall;
  steps: Step[];
}

/** Outcome cases of an outcome, with their pointers. */
export function outcomeCases(
  outcome: EndpointCall['onSuccess'],
  pointer: string,
): { pointer: string; outcome: OutcomeCase }[] {
  return Array.isArray(outcome)
    ? outcome.map((o, i) => ({ pointer: `${pointer}/${i}`, outcome: o }))
    : [{ pointer, outcome }];
}

const NAMED_CALLS = ['submit', 'calculate', 'save'] as const;

/** Every endpoint call of a definition, with the steps that trigger it on "Weiter". */
export function locateCalls(definition: WizardDefinition): LocatedCall[] {
  const calls: LocatedCall[] = [];
  for (const name of NAMED_CALLS) {
    const call = definition[name];
    if (call) {
      calls.push({
        pointer: `/${name}`,
        call,
        steps: definition.steps.filter((s) => s.onLeave === name),
      });
    }
  }
  definition.steps.forEach((step, i) => {
    if (step.onLeave && typeof step.onLeave === 'object') {
      calls.push({ pointer: `/steps/${i}/onLeave`, call: step.onLeave, steps: [step] });
    }
  });
  return calls;
}

/** The rules of a step's form beyond visibility: requiredWhen, derive, constraints, itemCounts. */
function formRules(step: Step, at: string, scope: RuleScope): LocatedRule[] {
  const form = step.form;
  if (!form) return [];
  const rules: LocatedRule[] = [];
  for (const part of ['requiredWhen', 'derive'] as const)
    for (const [field, rule] of Object.entries(form[part] ?? {}))
      rules.push({ pointer: `${at}/form/${part}/${field}`, rule, scope });
  form.constraints?.forEach((constraint, n) =>
    rules.push({ pointer: `${at}/form/constraints/${n}/rule`, rule: constraint.rule, scope }),
  );
  for (const [field, counts] of Object.entries(form.itemCounts ?? {}))
    for (const bound of ['min', 'max'] as const)
      if (counts?.[bound] !== undefined)
        rules.push({
          pointer: `${at}/form/itemCounts/${field}/${bound}`,
          rule: counts[bound],
          scope,
        });
  return rules;
}

/** The rules of content blocks at `at` (a step or a page), reading the answers of `upTo`. */
function blockRules(
  blocks: NonNullable<WizardDefinition['steps'][number]['content']>,
  at: string,
  upTo: readonly Step[],
): LocatedRule[] {
  const found: LocatedRule[] = [];
  blocks.forEach((block, b) => {
    if (block.visibleWhen !== undefined) {
      found.push({
        pointer: `${at}/content/${b}/visibleWhen`,
        rule: block.visibleWhen,
        scope: { steps: upTo, extraRoots: ['result'] },
      });
    }
    for (const [name, rule] of Object.entries(block.values ?? {})) {
      found.push({
        pointer: `${at}/content/${b}/values/${name}`,
        rule,
        scope: { steps: upTo, extraRoots: ['result'] },
      });
    }
    if (block.value !== undefined)
      found.push({
        pointer: `${at}/content/${b}/value`,
        rule: block.value,
        scope: { steps: upTo, extraRoots: ['result'] },
      });
    // A download's request reads the answers as a call's body does.
    for (const part of ['params', 'body'] as const)
      for (const [name, rule] of Object.entries(block[part] ?? {}))
        found.push({
          pointer: `${at}/content/${b}/${part}/${name}`,
          rule,
          scope: { steps: upTo, extraRoots: ['result', 'answers'] },
        });
    block.links?.forEach((link, l) => {
      const linkScope: RuleScope = { steps: upTo, extraRoots: ['result'] };
      for (const [name, rule] of Object.entries(link.params ?? {}))
        found.push({
          pointer: `${at}/content/${b}/links/${l}/params/${name}`,
          rule,
          scope: linkScope,
        });
      if (link.visibleWhen !== undefined)
        found.push({
          pointer: `${at}/content/${b}/links/${l}/visibleWhen`,
          rule: link.visibleWhen,
          scope: linkScope,
        });
    });
  });
  return found;
}

/** Every rule of a definition with the variables it may read there. */
export function locateRules(definition: WizardDefinition): LocatedRule[] {
  const rules: LocatedRule[] = [];
  const steps = definition.steps;
  steps.forEach((step, i) => {
    const at = `/steps/${i}`;
    const upTo = steps.slice(0, i + 1);
    if (step.visibleWhen !== undefined) {
      rules.push({
        pointer: `${at}/visibleWhen`,
        rule: step.visibleWhen,
        scope: { steps: steps.slice(0, i), extraRoots: [] },
      });
    }
    rules.push(...blockRules(step.content ?? [], at, upTo));
    for (const [field, rule] of Object.entries(step.form?.irrelevantWhen ?? {})) {
      // A rule of list items (`<list>.<field>`) reads the item and earlier steps: the list
      // re-renders with its own answers, not with the step's other fields.
      const ofItems = field.includes('.');
      rules.push({
        pointer: `${at}/form/irrelevantWhen/${field}`,
        rule,
        scope: ofItems
          ? { steps: steps.slice(0, i), extraRoots: ['item'] }
          : { steps: upTo, extraRoots: [] },
      });
    }
    for (const [field, rule] of Object.entries(step.form?.optionsWhen ?? {})) {
      rules.push({
        pointer: `${at}/form/optionsWhen/${field}`,
        rule,
        scope: { steps: upTo, extraRoots: ['option'] },
      });
    }
    for (const [field, from] of Object.entries(step.form?.optionsFrom ?? {})) {
      if (!from) continue;
      rules.push({
        pointer: `${at}/form/optionsFrom/${field}/list`,
        rule: from.list,
        scope: { steps: [], extraRoots: [] },
      });
      if (from.when !== undefined)
        rules.push({
          pointer: `${at}/form/optionsFrom/${field}/when`,
          rule: from.when,
          scope: { steps: upTo, extraRoots: ['option'] },
        });
    }
    rules.push(...formRules(step, at, { steps: upTo, extraRoots: [] }));
  });
  if (definition.forContracts?.when !== undefined)
    rules.push({
      pointer: '/forContracts/when',
      rule: definition.forContracts.when,
      scope: { steps: [], extraRoots: [] },
    });
  for (const [name, load] of Object.entries(definition.load ?? {})) {
    if (!load) continue;
    const loadScope: RuleScope = { steps: [], extraRoots: [] };
    for (const part of ['params', 'query'] as const)
      for (const [param, rule] of Object.entries(load[part] ?? {}))
        rules.push({ pointer: `/load/${name}/${part}/${param}`, rule, scope: loadScope });
    if (load.when !== undefined)
      rules.push({ pointer: `/load/${name}/when`, rule: load.when, scope: loadScope });
  }
  const quote = definition.quote;
  if (quote) {
    const quoteScope: RuleScope = { steps, extraRoots: ['result', 'answers'] };
    for (const part of ['params', 'body'] as const)
      for (const [param, rule] of Object.entries(quote[part] ?? {}))
        rules.push({ pointer: `/quote/${part}/${param}`, rule, scope: quoteScope });
    if (quote.when !== undefined)
      rules.push({ pointer: '/quote/when', rule: quote.when, scope: quoteScope });
    quote.blocks.forEach((block, b) => {
      const blockScope: RuleScope = { steps, extraRoots: ['result', 'quote'] };
      if (block.visibleWhen !== undefined)
        rules.push({
          pointer: `/quote/blocks/${b}/visibleWhen`,
          rule: block.visibleWhen,
          scope: blockScope,
        });
      for (const [name, rule] of Object.entries(block.values ?? {}))
        rules.push({ pointer: `/quote/blocks/${b}/values/${name}`, rule, scope: blockScope });
      if (block.value !== undefined)
        rules.push({ pointer: `/quote/blocks/${b}/value`, rule: block.value, scope: blockScope });
    });
  }
  draftDeclarations(definition).forEach((draft, d) => {
    const at = Array.isArray(definition.draft) ? `/draft/${d}` : '/draft';
    const draftScope: RuleScope = { steps, extraRoots: ['result', 'draft'] };
    for (const part of ['params', 'body'] as const)
      for (const [param, rule] of Object.entries(draft[part] ?? {}))
        rules.push({ pointer: `${at}/${part}/${param}`, rule, scope: draftScope });
    if (draft.when !== undefined)
      rules.push({
        pointer: `${at}/when`,
        rule: draft.when,
        scope: { steps: [], extraRoots: [] },
      });
  });
  for (const part of ['before', 'after'] as const) {
    const rule = definition.progress?.[part];
    if (rule !== undefined)
      rules.push({ pointer: `/progress/${part}`, rule, scope: { steps: [], extraRoots: [] } });
  }
  for (const { pointer, call } of locateCalls(definition)) {
    const callScope: RuleScope = { steps, extraRoots: ['result', 'answers'] };
    for (const part of ['params', 'query'] as const) {
      for (const [name, rule] of Object.entries(call[part] ?? {}))
        rules.push({ pointer: `${pointer}/${part}/${name}`, rule, scope: callScope });
    }
    if (call.body && typeof call.body === 'object') {
      for (const [name, rule] of Object.entries(call.body))
        rules.push({ pointer: `${pointer}/body/${name}`, rule, scope: callScope });
    }
    call.credential?.parts.forEach((rule, p) =>
      rules.push({ pointer: `${pointer}/credential/parts/${p}`, rule, scope: callScope }),
    );
    for (const which of ['onSuccess', 'onFailure'] as const) {
      for (const { pointer: op, outcome } of outcomeCases(call[which], `${pointer}/${which}`)) {
        const scope: RuleScope = {
          steps,
          extraRoots: ['result', 'response', 'status', 'journey'],
        };
        if (outcome.when !== undefined)
          rules.push({ pointer: `${op}/when`, rule: outcome.when, scope });
        if (outcome.url !== undefined)
          rules.push({ pointer: `${op}/url`, rule: outcome.url, scope });
        if (outcome.route !== undefined)
          rules.push({ pointer: `${op}/route`, rule: outcome.route, scope });
        for (const [name, rule] of Object.entries(outcome.notifyParent?.args ?? {}))
          rules.push({ pointer: `${op}/notifyParent/args/${name}`, rule, scope });
        for (const [name, rule] of Object.entries(outcome.infoBox?.values ?? {}))
          rules.push({ pointer: `${op}/infoBox/values/${name}`, rule, scope });
        for (const part of ['reason', 'fields'] as const) {
          const rule = outcome.refusal?.[part];
          if (rule !== undefined) rules.push({ pointer: `${op}/refusal/${part}`, rule, scope });
        }
      }
    }
  }
  definition.pages?.forEach((page, i) => {
    rules.push(...blockRules(page.content ?? [], `/pages/${i}`, steps));
    for (const [name, rule] of Object.entries(page.values ?? {})) {
      rules.push({
        pointer: `/pages/${i}/values/${name}`,
        rule,
        scope: { steps, extraRoots: ['result'] },
      });
    }
  });
  for (const [field, entry] of Object.entries(definition.prefill?.fields ?? {})) {
    if (entry?.value !== undefined) {
      rules.push({
        pointer: `/prefill/fields/${field}/value`,
        rule: entry.value,
        scope: { steps: [], extraRoots: ['value'] },
      });
    }
  }
  return rules;
}

/** Every translation key a definition names explicitly (…Key properties, …Keys lists, field errors). */
export function collectExplicitKeys(
  value: unknown,
  pointer = '',
): { pointer: string; key: string }[] {
  const found: { pointer: string; key: string }[] = [];
  if (Array.isArray(value)) {
    value.forEach((v, i) => found.push(...collectExplicitKeys(v, `${pointer}/${i}`)));
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      const at = `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (/Key$/.test(k) && typeof v === 'string') found.push({ pointer: at, key: v });
      else if (/Keys$/.test(k) && Array.isArray(v))
        v.forEach(
          (item, i) => typeof item === 'string' && found.push({ pointer: `${at}/${i}`, key: item }),
        );
      else if (k === 'fieldErrors' && typeof v === 'object' && v !== null) {
        for (const [f, msg] of Object.entries(v))
          if (typeof msg === 'string' && msg !== '')
            found.push({ pointer: `${at}/${f}`, key: msg });
      } else if (k !== 'schema') found.push(...collectExplicitKeys(v, at));
    }
  }
  return found;
}
