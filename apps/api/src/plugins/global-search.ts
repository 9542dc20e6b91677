import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SEARCH_KIND_PERMISSIONS,
  SEARCH_PER_KIND,
  envelope,
  searchData,
  searchQuery,
  type SearchData,
  type SearchHit,
  type SearchKind,
} from '@cricket/contracts';
import { ok } from '../lib/envelope';
import { sessionOf } from './auth';

/** Up to `limit` records of one kind whose name (or email, phone) holds the text. */
export type SearchProvider = (q: string, limit: number) => Promise<SearchHit[]>;

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
        description: `Up to ${SEARCH_PER_KIND} of each kind, by name. Users also match on an email prefix (when the text holds "@") or 3+ digits of a phone number. A kind the signed-in role may not view is absent.`,
        querystring: searchQuery,
        response: { 200: envelope(searchData) },
      },
      handler: async (request) => {
        const { permissions } = sessionOf(request);
        const kinds = [...providers.keys()].filter((kind) =>
          permissions.includes(SEARCH_KIND_PERMISSIONS[kind]),
        );
        const found = await Promise.all(
          kinds.map((kind) => providers.get(kind)!(request.query.q, SEARCH_PER_KIND)),
        );
        const data: SearchData = Object.fromEntries(kinds.map((kind, i) => [kind, found[i]]));
        return ok('Search results', data);
      },
    });
  },
  { name: 'global-search', dependencies: ['auth'] },
);
