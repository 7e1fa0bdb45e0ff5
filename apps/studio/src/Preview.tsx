import { useMemo, useState } from 'react';
import { memoryStorage, Wizard, type WizardServices } from '#renderer';
import type { WizardSetup } from '#engine';
import type { EndpointCatalogue } from '../../../generated/types/endpoints.ts';
import endpointCatalogue from '../../../definitions/api/endpoints.json';
import type { PreviewFlow } from './previewSetup.ts';

const endpoints = (endpointCatalogue as EndpointCatalogue).endpoints;
const FILE_LIMITS = { maxSizeBytes: 10 * 1024 * 1024, maxCount: 10 };

/**
 * The real renderer running the edited definition. Nothing leaves the page: calls answer 503 (the
 * flow shows what it shows when the service is away), navigation stays inside the preview, and the
 * answers live in memory, so an edit keeps them and the step.
 */
export function Preview({
  flow,
  context,
}: {
  flow: PreviewFlow;
  context: Record<string, unknown>;
}) {
  const [segment, setSegment] = useState<string | undefined>(undefined);
  const [storage] = useState(memoryStorage);
  const setup: WizardSetup = useMemo(
    () => ({ definition: flow.definition, endpoints, context }),
    [flow, context],
  );
  const services: WizardServices = useMemo(
    () => ({
      transport: () => Promise.resolve({ ok: false, status: 503, body: null }),
      navigate: (to) => setSegment(to),
      forward: () => undefined,
      leave: () => undefined,
      report: () => undefined,
      storage,
      currentSegment: () => segment,
    }),
    [storage, segment],
  );
  return (
    <Wizard
      setup={setup}
      validators={flow.validators}
      services={services}
      segment={segment}
      fileLimits={FILE_LIMITS}
    />
  );
}
