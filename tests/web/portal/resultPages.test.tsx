// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ApplicationResultPage,
  RESULT_PAGES,
  type ResultPageName,
} from '../../../apps/web/src/pages/ApplicationResultPage.tsx';
import { renderPage, setupPortalTexts } from './support.tsx';

beforeAll(setupPortalTexts);
afterEach(cleanup);

const expected: Record<ResultPageName, { title: string; text: RegExp; link: string; to: string }> =
  {
    fehler: {
      title: 'Leider ist ein Fehler aufgetreten',
      text: /später noch einmal/,
      link: 'Zur Startseite',
      to: '/',
    },
    'check-failed': {
      title: 'Ihr Antrag kann nicht online abgeschlossen werden',
      text: /nehmen Sie Kontakt mit uns auf/,
      link: 'Zur Startseite',
      to: '/',
    },
    sorry: {
      title: 'Wir können Ihnen leider kein Angebot machen',
      text: /keinen Versicherungsschutz anbieten/,
      link: 'Zur Startseite',
      to: '/',
    },
    'sorry-agent': {
      title: 'Wir können leider kein Angebot machen',
      text: /Vertriebsunterstützung/,
      link: 'Zum Kundenbestand',
      to: '/vermittler/kundenbestand',
    },
    'agent-notfound': {
      title: 'Kunde nicht gefunden',
      text: /keinen Kunden gefunden/,
      link: 'Zum Kundenbestand',
      to: '/vermittler/kundenbestand',
    },
  };

describe('the application result pages', () => {
  it('has the spec’s five routes', () => {
    expect(Object.values(RESULT_PAGES).map((page) => page.path)).toEqual([
      '/antrag/fehler',
      '/antrag/check-failed',
      '/antrag/sorry',
      '/antrag/sorry/agent',
      '/beratung/agent/notfound',
    ]);
  });

  for (const [page, texts] of Object.entries(expected) as [
    ResultPageName,
    (typeof expected)[ResultPageName],
  ][]) {
    it(`shows ${RESULT_PAGES[page].path} with a focused heading, its title and its link`, () => {
      const { path } = RESULT_PAGES[page];
      renderPage(<ApplicationResultPage page={page} />, path, path);
      const heading = screen.getByRole('heading', { level: 1, name: texts.title });
      expect(heading).toHaveFocus();
      expect(document.title).toBe(texts.title);
      expect(screen.getByText(texts.text)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: texts.link })).toHaveAttribute('href', texts.to);
    });
  }
});
