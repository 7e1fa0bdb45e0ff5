import type { FastifyInstance, FastifyReply } from 'fastify';
import { MAX_RESULTS, foldText, postleitzahlen, search, slugOf, type FinderItem } from './data.ts';
import { catalogues } from './catalogues.ts';

const text = { type: 'string', maxLength: 60 } as const;

/** The query of a search: `q`, a text that is not blank. */
const searchText = {
  type: 'object',
  properties: { q: { ...text, minLength: 1, pattern: '\\S' } },
  required: ['q'],
  additionalProperties: false,
} as const;

/** Finder answers are the same for everyone and change only with a deployment. */
const cacheable = (reply: FastifyReply) => reply.header('Cache-Control', 'public, max-age=3600');

/**
 * The finders of the application flows, without sign-in: every catalogue of definitions/catalogues/
 * with `finder: true` is searched at `GET /api/finder/<id>?q=` (the catalogue's file name is its
 * id), and the address data of apps/server/data answers `GET /api/adresse/orte?plz=&ort=` (places
 * of postcodes starting with plz) and `GET /api/adresse/strassen?plz=&q=` (streets of one
 * postcode). Each answers at most 20 entries; an unknown postcode answers `[]`.
 */
export function registerFinderRoutes(app: FastifyInstance): void {
  for (const catalogue of catalogues().values()) {
    if (!catalogue.finder) continue;
    app.get<{ Querystring: { q: string } }>(
      `/api/finder/${catalogue.id}`,
      { schema: { querystring: searchText } },
      async (request, reply): Promise<FinderItem[]> => {
        cacheable(reply);
        if (foldText(request.query.q) === '') return [];
        return search(catalogue.entries, request.query.q).map(({ key, label }) => ({ key, label }));
      },
    );
  }

  app.get<{ Querystring: { plz: string; ort?: string } }>(
    '/api/adresse/orte',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { plz: { type: 'string', pattern: '^[0-9]{1,5}$' }, ort: text },
          required: ['plz'],
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      cacheable(reply);
      const { plz, ort = '' } = request.query;
      const wanted = foldText(ort);
      return postleitzahlen()
        .filter((entry) => entry.plz.startsWith(plz) && foldText(entry.ort).includes(wanted))
        .sort((a, b) => a.plz.localeCompare(b.plz) || a.ort.localeCompare(b.ort, 'de'))
        .slice(0, MAX_RESULTS)
        .map((entry) => ({
          key: `${entry.plz}-${slugOf(entry.ort)}`,
          label: entry.ort,
          plz: entry.plz,
          ort: entry.ort,
        }));
    },
  );

  app.get<{ Querystring: { plz: string; q?: string } }>(
    '/api/adresse/strassen',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { plz: { type: 'string', pattern: '^[0-9]{4,5}$' }, q: text },
          required: ['plz'],
          additionalProperties: false,
        },
      },
    },
    async (request, reply): Promise<FinderItem[]> => {
      cacheable(reply);
      const entry = postleitzahlen().find((candidate) => candidate.plz === request.query.plz);
      if (!entry) return [];
      const streets = entry.strassen.map((label) => ({ key: slugOf(label), label }));
      return search(streets, request.query.q ?? '');
    },
  );
}
