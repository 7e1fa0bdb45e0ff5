// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QueryStatus } from '../../../apps/web/src/pages/QueryStatus.tsx';
import { ApiError } from '../../../apps/web/src/portal/api.ts';
import { setupPortalTexts } from './support.tsx';

beforeAll(setupPortalTexts);
afterEach(cleanup);

const failed = (status: number) => ({
  isPending: false,
  isError: true,
  error: new ApiError(status, `GET /x: ${status}`),
});

describe('a portal page whose data cannot be loaded', () => {
  it('says in German that the service is away for a moment when the answer is 503', () => {
    render(<QueryStatus query={failed(503)} loadError="Ihre Verträge konnten wir nicht laden." />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Ihre Verträge konnten wir nicht laden. Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
    );
  });

  it('shows only the page’s own text for other failures', () => {
    render(<QueryStatus query={failed(500)} loadError="Ihre Verträge konnten wir nicht laden." />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Ihre Verträge konnten wir nicht laden.');
    expect(alert).not.toHaveTextContent('nicht erreichbar');
  });
});
