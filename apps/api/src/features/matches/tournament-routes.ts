import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SELECTION_SUCCESS,
  publishSheetInput,
  selectionInput,
  selectionQuery,
  teamSelection,
  promoteReserveInput,
  selectionLeadersInput,
  AVAILABILITY_MESSAGES,
  AVAILABILITY_STATUSES,
  AVAILABILITY_SUCCESS,
  availabilityAnswerInput,
  availabilityAskInput,
  availabilityPage,
  errorBody,
  fixtureAvailability,
  UNSUBSCRIBE_MESSAGES,
  envelope,
  fixture,
  fixtureImportInput,
  fixtureScheduleInput,
  fixturePreview,
  idParam,
  messageOnly,
  penaltyInput,
  pointsTable,
  resultInput,
  tournamentDetails,
  tournamentInput,
  tournament,
  FIXTURE_IMPORT_SUCCESS,
  FIXTURE_SUCCESS,
  RESULT_SUCCESS,
  TOURNAMENT_SUCCESS,
} from '@cricket/contracts';
import { matches, tournaments } from '../../db/schema';
import { ok } from '../../lib/envelope';
import { HttpError, notFound } from '../../lib/http-errors';
import { sendVersion, versionedWrite } from '../../lib/record-version';
import { auditOf } from '../../plugins/audit';
import type { ProductSender } from '../../plugins/product-sends';
import { sessionOf } from '../../plugins/auth';
import {
  answerAvailability,
  askAvailability,
  availabilityPageOf,
  getFixtureAvailability,
  teamAvailabilityGrid,
} from './availability-repository';
import {
  getSelection,
  promoteReserve,
  changeLeaders,
  publishSheet,
  saveSelection,
  withdrawFromSheet,
  type Selector,
} from './selection-repository';
import {
  addPenalty,
  confirmResult,
  createTournament,
  drawNextRound,
  enterResult,
  generateFixtures,
  getPointsTable,
  getTournament,
  importFixtures,
  knockoutBracketOf,
  listFixtures,
  moveFixture,
  previewFixtureImport,
  updateTournament,
} from './tournament-repository';
import { tournamentRecordPath } from './wording';

const tournamentData = envelope(z.object({ tournament }));
const fixtureData = envelope(z.object({ fixture }));
const tokenParams = z.object({
  token: z.string().max(64).meta({
    description: 'The signed token from the availability message (base64url, 34 characters)',
  }),
});
const gridQuery = z.object({ team_id: idParam.shape.id });
const LINK_NOT_FOUND = errorBody.describe(
  'The token is not one this server signed, or names a person not asked about the fixture',
);
const THROTTLED = errorBody.describe(
  'Too many requests from this address; Retry-After says how many seconds to wait',
);
const CLOSED = errorBody.describe('The match has started or been played: answers are closed');
const ROWS_REFUSED = errorBody.describe(
  'The body is refused (`errors.csv`: no text, too long, no rows or more than the rows allowed), or one or more rows are: `errors` names each bad row by its line in the file (`line 1` is the header), with every problem of that line. Nothing was written.',
);
const TOURNAMENT_NOT_FOUND = errorBody.describe('No tournament has this id');
const FIXTURES_MADE = envelope(z.object({ fixtures: z.array(fixture) }));

/** Picks any team's side: an owner picks only their own team's. */
const MANAGE_PERMISSION = 'matches.manage';

/** An administrator confirms both sides of a result and may change a confirmed one. */
const LOCK_PERMISSION = 'matches.lock';

/** Tournaments, their fixtures, results and points table (issue 36). */
export async function tournamentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** The product's sends (an ask, a sheet, a notice), queued in the caller's transaction. */
  const productSend: ProductSender = (db, send) => app.productSends.send(db, send);

  r.post('/api/tournaments', {
    config: { access: 'matches.manage', audit: { entity: 'tournament' } },
    schema: {
      tags: ['tournaments'],
      summary: 'Create a tournament with its teams',
      body: tournamentInput,
      response: { 201: tournamentData },
    },
    handler: async (request, reply) => {
      const created = await createTournament(app.db, request.body, auditOf(request));
      sendVersion(reply, created.updated_at);
      return reply.status(201).send(ok(TOURNAMENT_SUCCESS.created, { tournament: created }));
    },
  });

  r.get('/api/tournaments/:id', {
    config: { access: 'matches.view', version: tournaments },
    schema: {
      tags: ['tournaments'],
      summary: 'A tournament with its teams and fixtures (and a knockout its rounds)',
      params: idParam,
      response: { 200: envelope(tournamentDetails) },
    },
    handler: async (request, reply) => {
      const found = await getTournament(app.db, request.params.id);
      sendVersion(reply, found.updated_at);
      const fixtures = await listFixtures(app.db, found.id);
      return ok(TOURNAMENT_SUCCESS.fetched, {
        tournament: found,
        fixtures,
        bracket: knockoutBracketOf(found, fixtures),
      });
    },
  });

  r.put('/api/tournaments/:id', {
    config: {
      access: 'matches.manage',
      audit: { entity: 'tournament' },
      version: tournaments,
    },
    schema: {
      tags: ['tournaments'],
      summary: 'Update a tournament (its teams only while it has no fixtures)',
      params: idParam,
      body: tournamentInput,
      response: { 200: tournamentData },
    },
    handler: async (request, reply) => {
      const updated = await versionedWrite(app.db, request, (db) =>
        updateTournament(db, request.params.id, request.body, auditOf(request)),
      );
      sendVersion(reply, updated.updated_at);
      return ok(TOURNAMENT_SUCCESS.updated, { tournament: updated });
    },
  });

  r.post('/api/tournaments/:id/fixtures/generate', {
    config: { access: 'matches.manage', audit: { entity: 'tournament' } },
    schema: {
      tags: ['tournaments'],
      summary: "Generate a league's round-robin, or draw a knockout's round 1",
      description:
        'A league: every pair once, a round per match day from the start. A knockout: the bracket has the next power of two slots; the byes go to the top seeds (the teams by id, lowest first) and the rest meet highest seed against lowest, on the first match day. Either is played at the home (higher-seeded) team’s ground at 10:00 UTC. Refused (409) when the tournament has fixtures, or its dates hold too few match days (a knockout needs one a round).',
      params: idParam,
      response: {
        201: FIXTURES_MADE,
        404: TOURNAMENT_NOT_FOUND,
        409: errorBody.describe(
          'The tournament already has fixtures, or its dates hold too few match days',
        ),
      },
    },
    handler: async (request, reply) => {
      const made = await generateFixtures(app.db, request.params.id, auditOf(request));
      return reply
        .status(201)
        .send(ok(TOURNAMENT_SUCCESS.generated(made.length), { fixtures: made }));
    },
  });

  r.post('/api/tournaments/:id/fixtures/next-round', {
    config: { access: 'matches.manage', audit: { entity: 'tournament' } },
    schema: {
      tags: ['tournaments'],
      summary: "Draw a knockout's next round from the last round's confirmed winners",
      description:
        'Pairs the winners (and round 1’s byes) in bracket order on the next match day after the last round’s latest fixture, at the higher seed’s ground at 10:00 UTC. Answers the fixtures made.',
      params: idParam,
      response: {
        201: FIXTURES_MADE,
        404: TOURNAMENT_NOT_FOUND,
        409: errorBody.describe(
          'Not a knockout; round 1 is not drawn; a match of the last round has no confirmed result; the final has been played; or no match day is left before the end date',
        ),
      },
    },
    handler: async (request, reply) => {
      const { label, fixtures } = await drawNextRound(app.db, request.params.id, auditOf(request));
      return reply
        .status(201)
        .send(ok(TOURNAMENT_SUCCESS.drawn(label, fixtures.length), { fixtures }));
    },
  });

  r.post('/api/tournaments/:id/fixtures/import/preview', {
    config: {
      access: 'matches.manage',
      audit: { none: 'A dry run of an import: it checks the rows and writes nothing' },
      idempotency: { none: 'A dry run writes nothing; a repeat checks again, as it should' },
    },
    schema: {
      tags: ['tournaments'],
      summary: 'Dry run of a fixtures CSV import: the fixtures it would make, or each bad row',
      description:
        'Takes the body of POST /api/tournaments/{id}/fixtures/import and refuses what it refuses, with the same 400; writes nothing.',
      params: idParam,
      body: fixtureImportInput,
      response: {
        200: envelope(z.object({ fixtures: z.array(fixturePreview) })),
        400: ROWS_REFUSED,
        404: TOURNAMENT_NOT_FOUND,
      },
    },
    handler: async (request) => {
      const fixtures = await previewFixtureImport(app.db, request.params.id, request.body.csv);
      return ok(FIXTURE_IMPORT_SUCCESS.checked(fixtures.length), { fixtures });
    },
  });

  r.post('/api/tournaments/:id/fixtures/import', {
    config: { access: 'matches.manage', audit: { entity: 'tournament' } },
    schema: {
      tags: ['tournaments'],
      summary: 'Import fixtures from a CSV: every row, or none when any is bad',
      description:
        'Each row is checked: the date within the tournament, the time, both teams among the tournament’s (by name, any case), not a team against itself, and no team twice on one day (in the file, or beside a fixture it has already, in any tournament). One bad row refuses the whole file (400, each bad row named); otherwise all rows are written in one transaction and audited on the tournament.',
      params: idParam,
      body: fixtureImportInput,
      response: {
        201: FIXTURES_MADE,
        400: ROWS_REFUSED,
        404: TOURNAMENT_NOT_FOUND,
      },
    },
    handler: async (request, reply) => {
      const made = await importFixtures(
        app.db,
        request.params.id,
        request.body.csv,
        auditOf(request),
      );
      return reply
        .status(201)
        .send(ok(FIXTURE_IMPORT_SUCCESS.imported(made.length), { fixtures: made }));
    },
  });

  r.get('/api/tournaments/:id/points-table', {
    config: { access: 'matches.view' },
    schema: {
      tags: ['tournaments'],
      summary: 'The points table over confirmed results, with net run rate',
      params: idParam,
      response: {
        200: envelope(pointsTable),
        404: TOURNAMENT_NOT_FOUND,
        409: errorBody.describe('A knockout has no points table'),
      },
    },
    handler: async (request) =>
      ok(TOURNAMENT_SUCCESS.table, { rows: await getPointsTable(app.db, request.params.id) }),
  });

  r.post('/api/tournaments/:id/penalties', {
    config: { access: 'matches.manage', audit: { entity: 'tournament' } },
    schema: {
      tags: ['tournaments'],
      summary: 'Take points off a team in a tournament, with a reason',
      params: idParam,
      body: penaltyInput,
      response: { 201: messageOnly },
    },
    handler: async (request, reply) => {
      await addPenalty(
        app.db,
        request.params.id,
        request.body,
        sessionOf(request).userId,
        auditOf(request),
      );
      return reply.status(201).send(ok(TOURNAMENT_SUCCESS.penalty));
    },
  });

  r.put('/api/matches/:id/result', {
    config: { access: 'matches.manage', audit: { entity: 'match' }, version: matches },
    schema: {
      tags: ['tournaments'],
      summary:
        "Enter a match's result; a confirmed one changes only with matches.lock and a reason",
      params: idParam,
      body: resultInput,
      response: { 200: fixtureData },
    },
    handler: async (request) => {
      const session = sessionOf(request);
      const mayChangeLocked = session.permissions.includes(LOCK_PERMISSION);
      const saved = await versionedWrite(app.db, request, (db) =>
        enterResult(db, request.params.id, request.body, mayChangeLocked, auditOf(request)),
      );
      return ok(saved.locked ? RESULT_SUCCESS.changed : RESULT_SUCCESS.entered, {
        fixture: saved,
      });
    },
  });

  r.put('/api/matches/:id/schedule', {
    config: { access: 'matches.manage', audit: { entity: 'match' }, version: matches },
    schema: {
      tags: ['tournaments'],
      summary: 'Move a fixture: its start and venue, until its result is confirmed',
      description:
        'The start is an instant (UTC in the answer). A new day must fall within the tournament and be one neither team already plays (409 naming the team). Refused (409) once the result is confirmed. When the time or venue changes and the fixture’s availability was asked, everyone asked is sent one email (consent and suppression apply) with the new and old time and venue and their answer links, which still answer; `told` says how many. Saving it unchanged changes nothing and tells nobody.',
      params: idParam,
      body: fixtureScheduleInput,
      response: {
        200: envelope(z.object({ fixture, told: z.number().int() })),
        404: errorBody.describe('No match has this id'),
        409: errorBody.describe('The result is confirmed, or a team already plays on the new day'),
      },
    },
    handler: async (request) => {
      const {
        fixture: moved,
        told,
        moved: changed,
      } = await versionedWrite(app.db, request, (db) =>
        moveFixture(
          db,
          request.params.id,
          request.body,
          sessionOf(request).userId,
          productSend,
          auditOf(request),
        ),
      );
      if (told > 0) app.notificationWorker.wake();
      return ok(changed ? FIXTURE_SUCCESS.updated(told) : FIXTURE_SUCCESS.unchanged, {
        fixture: moved,
        told,
      });
    },
  });

  r.post('/api/matches/:id/result/confirm', {
    config: { access: 'matches.confirm', audit: { entity: 'match' } },
    schema: {
      tags: ['tournaments'],
      summary:
        "Confirm a match's result for the team one owns (both sides with matches.lock); both lock it",
      params: idParam,
      response: { 200: fixtureData },
    },
    handler: async (request) => {
      const session = sessionOf(request);
      const confirmed = await confirmResult(
        app.db,
        request.params.id,
        session.userId,
        session.permissions.includes(LOCK_PERMISSION),
        auditOf(request),
      );
      return ok(confirmed.locked ? RESULT_SUCCESS.locked : RESULT_SUCCESS.confirmed, {
        fixture: confirmed,
      });
    },
  });

  r.post('/api/matches/:id/availability/ask', {
    config: { access: 'matches.manage', audit: { entity: 'match' } },
    schema: {
      tags: ['tournaments'],
      summary: 'Ask both squads of an upcoming fixture whether they are available (once)',
      description:
        'Each squad member gets a pending answer and one message with their own signed links (Available, Not available, Maybe), on the first channel they accept for the topic (consent and suppression apply): WhatsApp when wa_template_id names an approved template and WhatsApp is connected, else email, else SMS. A template not approved, or a variable without a value or filled from an unknown field, is a 400 naming wa_template_id or wa_variables.{name}. Those still pending are reminded once, remind_hours_before the deadline, by the same template while it is approved. The deadline must lie between now and the start.',
      params: idParam,
      body: availabilityAskInput,
      response: { 201: envelope(z.object({ players: z.number().int() })) },
    },
    handler: async (request, reply) => {
      const players = await askAvailability(
        app.db,
        request.params.id,
        request.body,
        sessionOf(request).userId,
        app.clock(),
        productSend,
        auditOf(request),
      );
      app.notificationWorker.wake();
      return reply.status(201).send(ok(AVAILABILITY_SUCCESS.asked(players), { players }));
    },
  });

  r.get('/api/matches/:id/availability', {
    config: { access: 'matches.view' },
    schema: {
      tags: ['tournaments'],
      summary: "A fixture's availability ask and every asked player's answer",
      params: idParam,
      response: { 200: envelope(fixtureAvailability) },
    },
    handler: async (request) =>
      ok(AVAILABILITY_SUCCESS.fetched, await getFixtureAvailability(app.db, request.params.id)),
  });

  r.get('/api/tournaments/:id/availability', {
    config: { access: 'matches.view' },
    schema: {
      tags: ['tournaments'],
      summary: "A team's availability grid over the tournament's fixtures: players by fixtures",
      params: idParam,
      querystring: gridQuery,
      response: {
        200: envelope(
          z.object({
            players: z.array(
              z.object({
                user_id: z.number().int(),
                name: z.string(),
                answers: z
                  .record(z.string(), z.enum(AVAILABILITY_STATUSES))
                  .meta({ description: 'By fixture id: the answer to each fixture asked about' }),
              }),
            ),
          }),
        ),
      },
    },
    handler: async (request) =>
      ok(AVAILABILITY_SUCCESS.fetched, {
        players: await teamAvailabilityGrid(app.db, request.params.id, request.query.team_id),
      }),
  });

  // The public answer page's two calls: no sign-in, the person named by the signed token.
  // They share the per-address budget of the other signed-link pages (unsubscribe).
  const throttle = async (request: FastifyRequest, reply: FastifyReply) => {
    const wait = await app.throttles.unsubscribe.take(request.clientAddress);
    if (wait !== null) {
      reply.header('retry-after', String(wait));
      throw new HttpError(429, UNSUBSCRIBE_MESSAGES.rateLimited);
    }
  };
  const targetOf = (token: string) => {
    const target = app.availabilityLinks.read(token);
    if (!target) throw notFound(AVAILABILITY_MESSAGES.linkInvalid);
    return target;
  };

  r.get('/api/public/availability/:token', {
    config: { access: 'public' },
    onRequest: throttle,
    schema: {
      tags: ['tournaments'],
      summary: 'What an availability link shows: the fixture, the person and their answer so far',
      description: 'Changes nothing: a link scanner’s GET must not answer for the person.',
      params: tokenParams,
      response: { 200: envelope(availabilityPage), 404: LINK_NOT_FOUND, 429: THROTTLED },
    },
    handler: async (request) => {
      const page = await availabilityPageOf(app.db, targetOf(request.params.token), app.clock());
      if (!page) throw notFound(AVAILABILITY_MESSAGES.linkInvalid);
      return ok(AVAILABILITY_SUCCESS.fetched, page);
    },
  });

  r.post('/api/public/availability/:token', {
    config: {
      access: 'public',
      audit: {
        none: 'A player’s own answer, kept with its time on their availability row, which is its record',
      },
      idempotency: { none: 'Answering the same twice is answering once: a repeat writes nothing' },
    },
    onRequest: throttle,
    schema: {
      tags: ['tournaments'],
      summary: 'Record or change the person’s answer, until the match starts',
      description:
        'Once the team sheet is out, answers are closed (409), except Not available from a picked player: that withdraws them from the sheet and tells the selector.',
      params: tokenParams,
      body: availabilityAnswerInput,
      response: {
        200: envelope(availabilityPage),
        404: LINK_NOT_FOUND,
        409: CLOSED,
        429: THROTTLED,
      },
    },
    handler: async (request) => {
      const target = targetOf(request.params.token);
      const now = app.clock();
      let withdrew = false;
      const found = await answerAvailability(app.db, target, request.body.answer, now, (tx) =>
        withdrawFromSheet(tx, target, now, productSend, (tournamentId) =>
          app.availabilityLinks.url(tournamentRecordPath(tournamentId)),
        ).then((done) => (withdrew = done)),
      );
      if (!found) throw notFound(AVAILABILITY_MESSAGES.linkInvalid);
      if (withdrew) app.notificationWorker.wake();
      return ok(
        withdrew ? AVAILABILITY_SUCCESS.withdrawn : AVAILABILITY_SUCCESS.answered,
        (await availabilityPageOf(app.db, target, now))!,
      );
    },
  });

  const selectorOf = (request: FastifyRequest): Selector => {
    const session = sessionOf(request);
    return { userId: session.userId, anyTeam: session.permissions.includes(MANAGE_PERMISSION) };
  };

  r.get('/api/matches/:id/selection', {
    config: { access: 'matches.view' },
    schema: {
      tags: ['tournaments'],
      summary: "A team's squad for a fixture: each player's answer, eligibility and slot",
      params: idParam,
      querystring: selectionQuery,
      response: { 200: envelope(teamSelection) },
    },
    handler: async (request) =>
      ok(
        SELECTION_SUCCESS.fetched,
        await getSelection(app.db, request.params.id, request.query.team_id),
      ),
  });

  r.put('/api/matches/:id/selection', {
    config: { access: 'matches.select', audit: { entity: 'match' } },
    schema: {
      tags: ['tournaments'],
      summary: "Pick a team's XI, twelfth man and reserves with its captain and wicket keeper",
      description:
        'The team’s owner, or a holder of matches.manage for any team. Replaces the last selection; refused (409) once the team sheet is published.',
      params: idParam,
      body: selectionInput,
      response: { 200: envelope(teamSelection) },
    },
    handler: async (request) =>
      ok(
        SELECTION_SUCCESS.saved,
        await saveSelection(
          app.db,
          request.params.id,
          request.body,
          selectorOf(request),
          auditOf(request),
        ),
      ),
  });

  r.post('/api/matches/:id/selection/publish', {
    config: { access: 'matches.select', audit: { entity: 'match' } },
    schema: {
      tags: ['tournaments'],
      summary: "Publish a team's sheet: the picked players are told, and its answers close",
      description:
        'Each picked player gets an email with the sheet; with notify_unselected, so does every squad member not picked. Once per team and fixture (409 after).',
      params: idParam,
      body: publishSheetInput,
      response: { 200: envelope(z.object({ notified: z.number().int() })) },
    },
    handler: async (request) => {
      const notified = await publishSheet(
        app.db,
        request.params.id,
        request.body,
        selectorOf(request),
        app.clock(),
        productSend,
        auditOf(request),
      );
      app.notificationWorker.wake();
      return ok(SELECTION_SUCCESS.published(notified), { notified });
    },
  });

  r.post('/api/matches/:id/selection/promote', {
    config: { access: 'matches.select', audit: { entity: 'match' } },
    schema: {
      tags: ['tournaments'],
      summary: 'A reserve takes the place of a player who withdrew after the team sheet was out',
      description:
        'The team’s owner, or a holder of matches.manage. The reserve takes the withdrawn player’s slot (not the captaincy or the gloves) and is told by email. 409 before the sheet is out; 400 when the player has not withdrawn or the reserve is not an available reserve.',
      params: idParam,
      body: promoteReserveInput,
      response: { 200: envelope(teamSelection) },
    },
    handler: async (request) => {
      const done = await promoteReserve(
        app.db,
        request.params.id,
        request.body,
        selectorOf(request),
        productSend,
        auditOf(request),
      );
      app.notificationWorker.wake();
      return ok(SELECTION_SUCCESS.promoted(done.reserve, done.withdrawn), done.selection);
    },
  });

  r.put('/api/matches/:id/selection/leaders', {
    config: { access: 'matches.select', audit: { entity: 'match' } },
    schema: {
      tags: ['tournaments'],
      summary: 'Name the captain and wicket keeper again once the team sheet is out',
      description:
        'The team’s owner, or a holder of matches.manage. Each must be in the XI and not withdrawn (400 naming captain_id or wicket_keeper_id), or null for none; the rest of the sheet stays as published. Anyone newly named is told by email. 409 before the sheet is out (edit the selection instead).',
      params: idParam,
      body: selectionLeadersInput,
      response: { 200: envelope(teamSelection) },
    },
    handler: async (request) => {
      const done = await changeLeaders(
        app.db,
        request.params.id,
        request.body,
        selectorOf(request),
        productSend,
        auditOf(request),
      );
      app.notificationWorker.wake();
      return ok(SELECTION_SUCCESS.leaders(done.told), done.selection);
    },
  });
}
