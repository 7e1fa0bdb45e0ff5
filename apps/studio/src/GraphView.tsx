import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckError, StepPath, WizardDefinition } from '#engine';
import { stepGraph } from './graph.ts';

/** The step graph as SVG: nodes, edges with their conditions, unreachable steps and dead ends. */
export function GraphView({
  definition,
  paths,
  errors,
}: {
  definition: WizardDefinition;
  paths: readonly StepPath[];
  errors: readonly CheckError[];
}) {
  const { t } = useTranslation('studio');
  const graph = useMemo(() => stepGraph(definition, paths, errors), [definition, paths, errors]);
  return (
    <section className="studio-graph" aria-labelledby="studio-graph">
      <h2 id="studio-graph">{t('graph')}</h2>
      <p>
        {t('graphBeschreibung')} {t('pfade', { count: paths.length })}
      </p>
      <svg
        role="img"
        aria-label={t('graph')}
        width={graph.width}
        height={graph.height}
        viewBox={`0 0 ${graph.width} ${graph.height}`}
      >
        <defs>
          <marker
            id="studio-arrow"
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="8"
            markerHeight="8"
            orient="auto"
          >
            <path d="M0,0 L10,5 L0,10 z" />
          </marker>
        </defs>
        {graph.edges.map((e) => (
          <g key={`${e.from}>${e.to}`} className="studio-edge" data-edge={`${e.from}>${e.to}`}>
            <polyline
              points={e.points.map((p) => `${p.x},${p.y}`).join(' ')}
              fill="none"
              markerEnd="url(#studio-arrow)"
            />
            {e.label && e.labelAt ? (
              <text x={e.labelAt.x} y={e.labelAt.y} textAnchor="middle">
                {e.label}
              </text>
            ) : null}
          </g>
        ))}
        {graph.nodes.map((n) => (
          <g
            key={n.id}
            className={`studio-node${n.unreachable ? ' studio-node--unreachable' : ''}${n.deadEnd ? ' studio-node--dead-end' : ''}`}
            data-step={n.id}
          >
            <rect
              x={n.x - n.width / 2}
              y={n.y - n.height / 2}
              width={n.width}
              height={n.height}
              rx={6}
            />
            <text x={n.x} y={n.y + 4} textAnchor="middle">
              {n.id}
              {n.unreachable ? ` (${t('unerreichbar')})` : ''}
              {n.deadEnd ? ` (${t('sackgasse')})` : ''}
            </text>
          </g>
        ))}
      </svg>
    </section>
  );
}
