import { Fragment, type ReactNode } from 'react';
import { computeValue, documentLinks, ruleHolds, type ContentBlock, type Step } from '#engine';
import type { EndpointCatalogue } from '../generated/types/endpoints.ts';
import type { RendererFormContext } from './formContext.ts';
import { DocumentLinks, DownloadButton } from './DocumentBlocks.tsx';
import type { DownloadOutcome } from './store/controller.ts';
import { InfoBox } from './templates/InfoBox.tsx';
import { Worksheet } from './Worksheet.tsx';

type Block = NonNullable<Step['content']>[number];

/** What download and links blocks need of the running wizard; blocks elsewhere have none. */
export interface BlockServices {
  download: (block: ContentBlock) => Promise<DownloadOutcome>;
  endpoints: EndpointCatalogue['endpoints'];
}

/**
 * The content of a step (texts, hints, images, lists, info boxes, rating worksheets, downloads,
 * document links), rules applied. A summary block shows `summary`, download and links blocks
 * need `services`; the step provides both (blocks elsewhere have none).
 */
export function ContentBlocks({
  blocks,
  scope,
  context,
  summary,
  services,
}: {
  blocks: readonly Block[];
  scope: Record<string, unknown>;
  context: RendererFormContext;
  summary?: ReactNode;
  services?: BlockServices;
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
                src={block.src && context.imageSrc ? context.imageSrc(block.src) : block.src}
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
          case 'download':
            return services && block.labelKey ? (
              <DownloadButton
                key={key}
                label={t(block.labelKey)}
                run={() => services.download(block)}
                context={context}
              />
            ) : null;
          case 'links':
            return services ? (
              <DocumentLinks
                key={key}
                {...(block.headlineKey ? { headline: t(block.headlineKey) } : {})}
                links={documentLinks(block, scope, services.endpoints)}
                context={context}
              />
            ) : null;
          default:
            return null;
        }
      })}
    </>
  );
}
