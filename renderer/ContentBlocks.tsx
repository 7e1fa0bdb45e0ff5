import { Fragment, type ReactNode } from 'react';
import { computeValue, ruleHolds, type Step } from '#engine';
import type { RendererFormContext } from './formContext.ts';
import { InfoBox } from './templates/InfoBox.tsx';
import { Worksheet } from './Worksheet.tsx';

type Block = NonNullable<Step['content']>[number];

/**
 * The content of a step (texts, hints, images, lists, info boxes, rating worksheets), rules applied. A summary
 * block shows `summary`, which the step provides (blocks elsewhere have none).
 */
export function ContentBlocks({
  blocks,
  scope,
  context,
  summary,
}: {
  blocks: readonly Block[];
  scope: Record<string, unknown>;
  context: RendererFormContext;
  summary?: ReactNode;
}) {
  const { t } = context;
  return (
    <>
      {blocks.map((block, index) => {
        if (block.visibleWhen !== undefined && !ruleHolds(block.visibleWhen, scope)) return null;
        const values = Object.fromEntries(
          Object.entries(block.values ?? {}).map(([name, rule]) => [
            name,
            computeValue(rule, scope),
          ]),
        );
        const text = block.textKey ? t(block.textKey, values) : '';
        const key = `${block.type}-${index}`;
        switch (block.type) {
          case 'text':
            return <p key={key}>{text}</p>;
          case 'hint':
            return (
              <p key={key} className="hint">
                {text}
              </p>
            );
          case 'image':
            return (
              <img
                key={key}
                className="content-image"
                src={block.src}
                alt={block.altKey ? t(block.altKey) : ''}
              />
            );
          case 'list':
            return (
              <section key={key} className="content-list">
                {block.headlineKey ? <h2>{t(block.headlineKey)}</h2> : null}
                <ul>
                  {(block.itemKeys ?? []).map((item) => (
                    <li key={item}>{t(item)}</li>
                  ))}
                </ul>
              </section>
            );
          case 'infoBox':
            return (
              <InfoBox
                key={key}
                tone={block.tone ?? 'neutral'}
                {...(block.headlineKey ? { headline: t(block.headlineKey) } : {})}
              >
                {text}
              </InfoBox>
            );
          case 'summary':
            return summary === undefined ? null : <Fragment key={key}>{summary}</Fragment>;
          case 'worksheet':
            return (
              <Worksheet
                key={key}
                value={block.value === undefined ? undefined : computeValue(block.value, scope)}
                context={context}
              />
            );
          default:
            return null;
        }
      })}
    </>
  );
}
