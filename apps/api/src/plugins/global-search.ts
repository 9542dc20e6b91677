import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SEARCH_KINDS,
  SEARCH_KIND_PERMISSIONS,
  SEARCH_PER_KIND,
  envelope,
  searchData,
  searchQuery,
  type SearchData,
  type SearchHit,
  type SearchKind,
} from '@cricket/contracts';
import { preparedOnce } from '../db/client';
import { searchValues } from '../db/search';
import { ok } from '../lib/envelope';
import { sessionOf } from './auth';

/**
 * How the search finds one kind's records. `rows` is a subquery of up to SEARCH_PER_KIND rows
 * `(_id, name, detail, ord)`, the best first by `ord`, written with `SEARCH_VALUES`
 * (`db/search.ts`) in place of the text; `shape` names which of several subqueries a text takes
 * (users: by email, phone or name), so each shape is a statement prepared once; `present`
 * rewrites a hit's stored detail for people to read (a label for a code).
 */
export interface SearchProvider {
  shape?: (q: string) => string;
  rows: (shape: string) => SQL;
  present?: (hit: SearchHit) => SearchHit;
}

declare module 'fastify' {
  interface FastifyInstance {
    globalSearch: {
      /** The feature that owns a kind says how it is searched; one provider per kind. */
      provide(kind: SearchKind, provider: SearchProvider): void;
    };
  }
}

/**
 * The top bar's search (issue 33), `GET /api/search?q=`: each feature provides the search of
 * its own records (features do not import each other), this asks the providers of the kinds
 * the signed-in role may view, side by side, and answers one array per kind.
 */
export default fp(
  async function globalSearch(app: FastifyInstance) {
    const providers = new Map<SearchKind, SearchProvider>();
    app.decorate('globalSearch', {
      provide(kind: SearchKind, provider: SearchProvider) {
        if (providers.has(kind)) throw new Error(`Search kind ${kind} has a provider already`);
        providers.set(kind, provider);
      },
    });

    app.withTypeProvider<ZodTypeProvider>().get('/api/search', {
      config: { access: 'signed-in' },
      schema: {
        tags: ['search'],
        summary: 'Find users, teams, roles and templates by name (the kinds the role may view)',
        description: `Up to ${SEARCH_PER_KIND} of each kind, by name. Users also match on the start of their email (when the text holds "@") or the first or last 3+ digits of their phone number. A kind the signed-in role may not view is absent.`,
        querystring: searchQuery,
        response: { 200: envelope(searchData) },
      },
      handler: async (request) => {
        const { permissions } = sessionOf(request);
        const kinds = [...providers.keys()].filter((kind) =>
          permissions.includes(SEARCH_KIND_PERMISSIONS[kind]),
        );
        if (kinds.length === 0) return ok('Search results', {});
        const { q } = request.query;
        const shapes = kinds.map((kind) => providers.get(kind)!.shape?.(q) ?? '');
        const name = `search_${kinds.map((kind, i) => SEARCH_KINDS.indexOf(kind) + shapes[i]!).join('_')}`;
        // One statement for every kind, prepared once per shape: side by side, six kinds held
        // six of the pool's connections per search and fifty searches queued for them, and
        // planning the joined statement cost more than running it (decision 046).
        const statement = preparedOnce(app.db, name, (prepared) =>
          prepared
            .select(
              Object.fromEntries(
                kinds.map((kind, i) => [
                  kind,
                  sql<string>`(select coalesce(json_agg(json_build_object('_id', h._id, 'name', h.name, 'detail', h.detail) order by h.ord), '[]')::text
                    from (${providers.get(kind)!.rows(shapes[i]!)}) h)`,
                ]),
              ),
            )
            .from(sql`(values (1)) as one (x)`)
            .prepare(name),
        );
        const [row] = (await statement.execute(searchValues(q, SEARCH_PER_KIND))) as Record<
          SearchKind,
          string
        >[];
        const data: SearchData = Object.fromEntries(
          kinds.map((kind) => {
            const hits = JSON.parse(row![kind]) as SearchHit[];
            const present = providers.get(kind)!.present;
            return [kind, present ? hits.map(present) : hits];
          }),
        );
        return ok('Search results', data);
      },
    });
  },
  { name: 'global-search', dependencies: ['auth'] },
);
