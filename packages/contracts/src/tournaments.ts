import { z } from 'zod';
import { calendarDate, fromControl, idValue, MAX_ID, nameText, templateTopicId } from './common.ts';
import { MATCH_STATUSES, TOURNAMENT_STATUSES } from './matches.ts';
import { WA_SEND_VALUE_MAX } from './notifications.ts';
import { TEMPLATE_VARIABLES } from './template-variables.ts';

/**
 * Tournaments, their fixtures, results and points table (issue 36). The read-only lists stay
 * in matches.ts; what a tournament is made of and how it is scored lives here.
 */

export const TOURNAMENT_FORMATS = ['league', 'knockout'] as const;
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];

export const TOURNAMENT_NAME_MAX = 120;
export const TOURNAMENT_OVERS_MAX = 50;
/** A league of more teams than this would not fit a season of weekends. */
export const TOURNAMENT_TEAMS_MAX = 32;
export const TOURNAMENT_POINTS_MAX = 10;
/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
/** Fixtures start at this time (UTC) on their match day unless edited. */
export const FIXTURE_START_TIME = '10:00';
/** A side all out has lost this many wickets: its innings counts the full quota of overs. */
export const ALL_OUT_WICKETS = 10;

/** A squad member's answer for a fixture (issue 36). */
export const AVAILABILITY_ANSWERS = ['available', 'not_available', 'maybe'] as const;
export type AvailabilityAnswer = (typeof AVAILABILITY_ANSWERS)[number];
export const AVAILABILITY_STATUSES = ['pending', ...AVAILABILITY_ANSWERS] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

export const TOURNAMENT_MESSAGES = {
  notFound: 'Tournament not found',
  nameRequired: 'Tournament name is required',
  nameTooLong: `Tournament name must not exceed ${TOURNAMENT_NAME_MAX} characters`,
  nameTaken: 'A tournament with this name already exists',
  format: 'Please choose league or knockout',
  overs: `Overs must be a whole number from 1 to ${TOURNAMENT_OVERS_MAX}`,
  startDate: 'Please enter a valid start date',
  endDate: 'Please enter a valid end date',
  endBeforeStart: 'End date must not be before the start date',
  points: `Points must be a whole number from 0 to ${TOURNAMENT_POINTS_MAX}`,
  matchDays: 'Please choose at least one match day',
  teams: 'Please choose at least two teams',
  teamsTooMany: `A tournament holds at most ${TOURNAMENT_TEAMS_MAX} teams`,
  teamTwice: 'A team can be added only once',
  teamNotFound: 'Team not found',
  teamsLocked: 'Teams cannot change once fixtures exist',
  fixturesExist: 'This tournament already has fixtures',
  formatLocked: 'The format cannot change once fixtures exist',
  notEnoughDays: (rounds: number, days: number) =>
    `A round-robin of these teams needs ${rounds} match days; the dates hold ${days}`,
  knockoutNotEnoughDays: (rounds: number, days: number) =>
    `A knockout of these teams needs ${rounds} match days, one a round; the dates hold ${days}`,
  notKnockout: 'Rounds are drawn for knockout tournaments only',
  notDrawn: 'Generate the first round before drawing the next',
  roundIncomplete:
    'Every match of the round needs a confirmed result before the next round is drawn',
  finalPlayed: (winner: string) => `The final has been played: ${winner} won the tournament`,
  noMatchDayLeft: 'The tournament’s dates hold no match day after the last round',
  noPointsTable: 'A knockout has no points table: its rounds decide the winner',
  penaltyPoints: `Penalty points must be a whole number from 1 to ${TOURNAMENT_POINTS_MAX}`,
  penaltyReason: 'Please give a reason for the penalty',
  teamNotInTournament: 'This team does not play in this tournament',
  /** The screens' texts. */
  createFailed: 'Failed to create tournament',
  updateFailed: 'Failed to update tournament',
  fetchFailed: 'Failed to fetch tournament',
  generateFailed: 'Failed to generate fixtures',
  drawFailed: 'Failed to draw the next round',
  tableEmpty: 'No confirmed results yet',
  fixturesEmpty: 'No fixtures yet',
} as const;

export const TOURNAMENT_SUCCESS = {
  created: 'Tournament created successfully',
  updated: 'Tournament updated successfully',
  fetched: 'Tournament fetched successfully',
  generated: (n: number) => `${n} ${n === 1 ? 'fixture' : 'fixtures'} generated`,
  drawn: (round: string, n: number) => `${round} drawn: ${n} ${n === 1 ? 'match' : 'matches'}`,
  table: 'Points table fetched successfully',
  penalty: 'Penalty recorded',
} as const;

/** A whole number from `min` to `max`, typed into a form's text box or sent as a number. */
const wholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(
    fromControl,
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

const points = wholeNumber(0, TOURNAMENT_POINTS_MAX, TOURNAMENT_MESSAGES.points);

/** `POST /api/tournaments` and `PUT /api/tournaments/{id}`. */
export const tournamentInput = z
  .object({
    name: nameText('Tournament name', TOURNAMENT_MESSAGES.nameRequired)
      .min(1, TOURNAMENT_MESSAGES.nameRequired)
      .max(TOURNAMENT_NAME_MAX, TOURNAMENT_MESSAGES.nameTooLong),
    format: z.enum(TOURNAMENT_FORMATS, { error: TOURNAMENT_MESSAGES.format }),
    overs: wholeNumber(1, TOURNAMENT_OVERS_MAX, TOURNAMENT_MESSAGES.overs),
    start_date: calendarDate(TOURNAMENT_MESSAGES.startDate),
    end_date: calendarDate(TOURNAMENT_MESSAGES.endDate),
    /** ISO weekdays on which fixtures are played (1 Monday … 7 Sunday). */
    // A form's checkboxes hold their days as text, and none ticked may read as false.
    match_days: z.preprocess(
      (v) => (Array.isArray(v) ? v.map(fromControl) : v === false ? [] : v),
      z
        .array(
          z.union(
            WEEKDAYS.map((d) => z.literal(d)),
            { error: TOURNAMENT_MESSAGES.matchDays },
          ),
          { error: TOURNAMENT_MESSAGES.matchDays },
        )
        .min(1, TOURNAMENT_MESSAGES.matchDays)
        .max(7, TOURNAMENT_MESSAGES.matchDays)
        .refine((days) => new Set(days).size === days.length, TOURNAMENT_MESSAGES.matchDays),
    ),
    points_win: points,
    points_tie: points,
    points_no_result: points,
    points_loss: points,
    team_ids: z
      .array(idValue(TOURNAMENT_MESSAGES.teamNotFound), { error: TOURNAMENT_MESSAGES.teams })
      .min(2, TOURNAMENT_MESSAGES.teams)
      .max(TOURNAMENT_TEAMS_MAX, TOURNAMENT_MESSAGES.teamsTooMany)
      .refine((ids) => new Set(ids).size === ids.length, TOURNAMENT_MESSAGES.teamTwice),
  })
  .refine((t) => t.end_date >= t.start_date, {
    path: ['end_date'],
    error: TOURNAMENT_MESSAGES.endBeforeStart,
  })
  .meta({ description: 'end_date must not be before start_date.' });
export type TournamentInput = z.input<typeof tournamentInput>;
export type TournamentValues = z.output<typeof tournamentInput>;

const teamRef = z.object({ id: z.number().int(), name: z.string() });

export const tournament = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(TOURNAMENT_STATUSES),
  format: z.enum(TOURNAMENT_FORMATS),
  overs: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  match_days: z.array(z.number().int()),
  points_win: z.number().int(),
  points_tie: z.number().int(),
  points_no_result: z.number().int(),
  points_loss: z.number().int(),
  teams: z.array(teamRef),
  updated_at: z.string(),
});
export type Tournament = z.infer<typeof tournament>;

/**
 * A knockout's round as people name it, counted from the final back: round `round` of
 * `rounds` (round 1 is the first drawn).
 */
export function roundLabel(round: number, rounds: number) {
  const fromFinal = ['Final', 'Semi-final', 'Quarter-final', 'Round of 16'][rounds - round];
  return fromFinal ?? `Round ${round}`;
}

/** The words of a knockout's rounds on the tournament page. */
export const KNOCKOUT_LABELS = {
  rounds: 'Rounds',
  drawNext: 'Draw Next Round',
  draw: 'Draw',
  drawDescription: (round: string) =>
    `The ${round} pairs the winners in bracket order on the next match day, at the higher seed's ground.`,
  generateDescription: (teams: number, from: string) =>
    `Round 1 of the ${teams} teams is drawn on the first match day from ${from}: byes to the top seeds, then the highest seed against the lowest, at the higher seed's ground. Later rounds are drawn as each is completed. The teams cannot change afterwards.`,
  seeds: 'Seeds',
  seedsNote: 'Seeded in the order the teams were registered (oldest first).',
  bye: 'Bye',
  winner: 'Winner',
  won: (team: string) => `${team} won`,
  wonTie: (team: string) => `Tie; ${team} won the super over or bowl-out`,
  waiting: 'Result waiting for confirmation',
  notPlayed: 'Not played',
  notDrawn: 'Not drawn yet: Generate Fixtures draws round 1.',
  tieWinner: 'Super over or bowl-out winner',
  choose: 'Choose the winner',
} as const;

export const RESULT_TYPES = ['win', 'tie', 'no_result'] as const;
export type ResultType = (typeof RESULT_TYPES)[number];

export const RESULT_MESSAGES = {
  matchNotFound: 'Match not found',
  resultType: 'Please choose win, tie or no result',
  runs: 'Runs must be a whole number from 0 to 9999',
  wickets: `Wickets must be a whole number from 0 to ${ALL_OUT_WICKETS}`,
  overs: 'Overs must be a whole number within the tournament’s overs',
  balls: 'Balls must be a whole number from 0 to 5',
  inningsRequired: 'Both innings are required for a win or a tie',
  equalRunsWin: 'Equal runs make a tie, not a win',
  unequalRunsTie: 'A tie needs equal runs',
  oversBeyondQuota: (overs: number) => `An innings cannot last more than ${overs} overs`,
  noResultToConfirm: 'This match has no result to confirm',
  locked: 'This result is confirmed; only an administrator can change it, giving a reason',
  reasonRequired: 'Please give a reason for changing a confirmed result',
  notAllowedToConfirm: "Only the two teams' owners or an administrator can confirm a result",
  alreadyConfirmed: 'You have already confirmed this result',
  knockoutNeedsWinner:
    'A knockout match needs a winner: enter the tie with the super over or the bowl-out winner',
  winnerOnlyForKnockoutTie:
    'A winner is named only for a tied knockout match (decided by super over or bowl-out)',
  winnerNotPlaying: 'The winner must be one of the two teams',
  winnerFixed: 'The next round is drawn: this match’s winner can no longer change',
} as const;

export const RESULT_SUCCESS = {
  entered: 'Result saved; waiting for confirmation',
  changed: 'Confirmed result changed',
  confirmed: 'Result confirmed',
  locked: 'Result confirmed and locked',
} as const;

export const innings = z.object({
  runs: wholeNumber(0, 9999, RESULT_MESSAGES.runs),
  wickets: wholeNumber(0, ALL_OUT_WICKETS, RESULT_MESSAGES.wickets),
  overs: wholeNumber(0, TOURNAMENT_OVERS_MAX, RESULT_MESSAGES.overs),
  balls: wholeNumber(0, 5, RESULT_MESSAGES.balls),
});
export type Innings = z.output<typeof innings>;

/** `PUT /api/matches/{id}/result`: each side's innings, and the result type. */
export const resultInput = z
  .object({
    result_type: z.enum(RESULT_TYPES, { error: RESULT_MESSAGES.resultType }),
    team_a: innings.nullable().default(null),
    team_b: innings.nullable().default(null),
    /** Required to change a confirmed result (administrators only); recorded in the audit. */
    reason: z.string().trim().max(500).optional(),
    /** A tied knockout match's winner, by super over or bowl-out; nothing else names one. */
    winner_team_id: z.preprocess(
      (v) => (v === '' ? null : v),
      idValue(RESULT_MESSAGES.winnerNotPlaying).nullish(),
    ),
  })
  .superRefine((r, ctx) => {
    if (r.winner_team_id != null && r.result_type !== 'tie')
      ctx.addIssue({
        code: 'custom',
        path: ['winner_team_id'],
        message: RESULT_MESSAGES.winnerOnlyForKnockoutTie,
      });
    if (r.result_type === 'no_result') return;
    if (!r.team_a || !r.team_b) {
      ctx.addIssue({ code: 'custom', path: ['team_a'], message: RESULT_MESSAGES.inningsRequired });
      return;
    }
    if (r.result_type === 'win' && r.team_a.runs === r.team_b.runs)
      ctx.addIssue({
        code: 'custom',
        path: ['result_type'],
        message: RESULT_MESSAGES.equalRunsWin,
      });
    if (r.result_type === 'tie' && r.team_a.runs !== r.team_b.runs)
      ctx.addIssue({
        code: 'custom',
        path: ['result_type'],
        message: RESULT_MESSAGES.unequalRunsTie,
      });
  })
  .meta({
    description:
      'A win or a tie needs both innings; a win needs unequal runs (the side with more won), a tie equal runs. Overs and balls must fit the tournament’s overs. In a knockout a match needs a winner: no result is refused, and a tie names winner_team_id (the super over or bowl-out winner); in a league winner_team_id is refused.',
  });
export type ResultInput = z.input<typeof resultInput>;
export type ResultValues = z.output<typeof resultInput>;

const inningsShown = z.object({
  runs: z.number().int(),
  wickets: z.number().int(),
  overs: z.number().int(),
  balls: z.number().int(),
});

export const fixture = z.object({
  id: z.number().int(),
  team_a: teamRef,
  team_b: teamRef,
  scheduled_at: z.string(),
  venue: z.string(),
  status: z.enum(MATCH_STATUSES),
  result_type: z.enum(RESULT_TYPES).nullable(),
  team_a_innings: inningsShown.nullable(),
  team_b_innings: inningsShown.nullable(),
  winner: teamRef.nullable(),
  team_a_confirmed: z.boolean(),
  team_b_confirmed: z.boolean(),
  locked: z.boolean(),
  /** How many asked players gave each answer; null until availability is asked. */
  availability: z.partialRecord(z.enum(AVAILABILITY_STATUSES), z.number().int()).nullable(),
});
export type Fixture = z.infer<typeof fixture>;

/** A knockout's round: its fixtures in bracket order, and (round 1 only) the teams with a bye. */
export const knockoutRound = z.object({
  round: z.number().int(),
  label: z.string(),
  fixture_ids: z.array(z.number().int()),
  byes: z.array(teamRef),
});
export type KnockoutRound = z.infer<typeof knockoutRound>;

export const knockoutBracket = z.object({
  /** The teams in seed order: seed 1 first (the team registered first, lowest id). */
  seeds: z.array(teamRef),
  rounds_total: z.number().int(),
  rounds: z.array(knockoutRound),
  /** True when every match of the last drawn round has a confirmed winner and it is not the final. */
  next_round_ready: z.boolean(),
  winner: teamRef.nullable(),
});
export type KnockoutBracket = z.infer<typeof knockoutBracket>;

export const tournamentDetails = z.object({
  tournament,
  fixtures: z.array(fixture),
  bracket: knockoutBracket
    .nullable()
    .meta({ description: "A knockout's rounds; null for a league" }),
});
export type TournamentDetails = z.infer<typeof tournamentDetails>;

/** A fixtures CSV (issue 36): at most this many characters and this many fixtures. */
export const FIXTURE_IMPORT_CHARS_MAX = 100_000;
export const FIXTURE_IMPORT_ROWS_MAX = 500;
/** A fixture's venue, as `matches.venue` holds it. */
export const VENUE_MAX = 120;
/**
 * The columns a fixtures CSV may have, as its header row names them (any case; spaces or
 * underscores between words). Times are UTC, as every fixture's; an empty time is
 * FIXTURE_START_TIME and an empty venue the home team's ground.
 */
export const FIXTURE_IMPORT_COLUMNS = ['date', 'time', 'home team', 'away team', 'venue'] as const;
export type FixtureImportColumn = (typeof FIXTURE_IMPORT_COLUMNS)[number];
export const FIXTURE_IMPORT_REQUIRED: readonly FixtureImportColumn[] = [
  'date',
  'home team',
  'away team',
];
/** A CSV a person can start from: the header row and one fixture. */
export const FIXTURE_IMPORT_EXAMPLE =
  'date,time,home team,away team,venue\n2030-01-05,10:00,Home Side,Away Side,Home Ground';

export const FIXTURE_IMPORT_MESSAGES = {
  csvRequired: 'Please choose a CSV file or paste its text',
  csvTooLong: `The CSV must not exceed ${FIXTURE_IMPORT_CHARS_MAX.toLocaleString('en')} characters`,
  tooManyRows: `A CSV holds at most ${FIXTURE_IMPORT_ROWS_MAX} fixtures`,
  noRows: 'The CSV has no fixtures under its header',
  notCsv: 'This line is not valid CSV: check its quotes',
  unknownColumn: (name: string) =>
    `Unknown column "${name}"; the columns are ${FIXTURE_IMPORT_COLUMNS.join(', ')}`,
  columnTwice: (name: string) => `The column "${name}" appears twice`,
  columnMissing: (name: string) => `The column "${name}" is missing`,
  cellCount: (cells: number, columns: number) =>
    `This row has ${cells} cells; the header has ${columns}`,
  date: 'Date must be a day written YYYY-MM-DD',
  dateOutside: (start: string, end: string) =>
    `The date must fall within the tournament, ${start} to ${end}`,
  time: 'Time must be written HH:MM (24-hour clock, UTC)',
  teamRequired: (column: 'home team' | 'away team') => `The ${column} is missing`,
  teamUnknown: (name: string) => `No team is named "${name}"`,
  teamNotInTournament: (name: string) => `${name} does not play in this tournament`,
  sameTeam: 'A team cannot play itself',
  venueTooLong: `Venue must not exceed ${VENUE_MAX} characters`,
  teamBusy: (team: string, day: string) => `${team} already has a fixture on ${day}`,
  teamBusyInFile: (team: string, day: string, line: number) =>
    `${team} already plays on ${day} (line ${line})`,
  rowsRefused: (n: number) =>
    `${n} ${n === 1 ? 'row cannot' : 'rows cannot'} be imported; nothing was written`,
  /** The screens' texts. */
  checkFailed: 'Failed to check the fixtures',
  importFailed: 'Failed to import fixtures',
} as const;

/** The words of the tournament page's 'Import Fixtures' dialog. */
export const FIXTURE_IMPORT_LABELS = {
  action: 'Import Fixtures',
  description: `A header row, then a fixture a line: ${FIXTURE_IMPORT_COLUMNS.join(', ')}. Date and teams are required; times are UTC (${FIXTURE_START_TIME} when empty), an empty venue is the home team's ground. Check lists each bad row; nothing is written until you import.`,
  file: 'CSV file',
  text: 'CSV text',
  check: 'Check',
  checking: 'Checking...',
  importing: 'Importing...',
  importCount: (n: number) => `Import ${n} ${n === 1 ? 'Fixture' : 'Fixtures'}`,
  toCreate: 'Fixtures to create',
  line: (line: number) => `Line ${line}`,
} as const;

/** The key of a refused row in a refusal's `errors`: its line in the file (1 is the header). */
export const fixtureImportLineKey = (line: number) => `line ${line}`;
/** The line a refusal's `errors` key names, or null for a key that is a field (`csv`). */
export const fixtureImportLineOf = (key: string) => {
  const match = /^line (\d+)$/.exec(key);
  return match ? Number(match[1]) : null;
};

export const FIXTURE_IMPORT_SUCCESS = {
  checked: (n: number) => `${n} ${n === 1 ? 'fixture' : 'fixtures'} will be created`,
  imported: (n: number) => `${n} ${n === 1 ? 'fixture' : 'fixtures'} imported`,
} as const;

/** `POST /api/tournaments/{id}/fixtures/import` and its dry run, `…/import/preview`. */
export const fixtureImportInput = z.object({
  csv: z
    .string({ error: FIXTURE_IMPORT_MESSAGES.csvRequired })
    .max(FIXTURE_IMPORT_CHARS_MAX, FIXTURE_IMPORT_MESSAGES.csvTooLong)
    .refine((v) => v.trim() !== '', FIXTURE_IMPORT_MESSAGES.csvRequired)
    .meta({
      description: `The CSV's text: a header row naming its columns (${FIXTURE_IMPORT_COLUMNS.join(', ')}; date, home team and away team required), then one fixture a line. Date YYYY-MM-DD within the tournament; time HH:MM in UTC (empty: ${FIXTURE_START_TIME}); teams by name, any case, among the tournament's; venue empty for the home team's ground.`,
    }),
});
export type FixtureImportInput = z.input<typeof fixtureImportInput>;

/** A fixture an import would make, with the line it comes from. */
export const fixturePreview = z.object({
  line: z.number().int(),
  team_a: teamRef,
  team_b: teamRef,
  scheduled_at: z.string(),
  venue: z.string(),
});
export type FixturePreview = z.infer<typeof fixturePreview>;

export const FIXTURE_MESSAGES = {
  scheduledAt: 'Please enter a valid start',
  venueRequired: 'Venue is required',
  venueTooLong: `Venue must not exceed ${VENUE_MAX} characters`,
  locked: 'This result is confirmed: the fixture can no longer move',
  dateOutside: FIXTURE_IMPORT_MESSAGES.dateOutside,
  teamBusy: FIXTURE_IMPORT_MESSAGES.teamBusy,
  /** The screens' texts. */
  updateFailed: 'Failed to update the fixture',
} as const;

export const FIXTURE_SUCCESS = {
  unchanged: 'Nothing changed',
  updated: (told: number) =>
    told === 0
      ? 'Fixture updated'
      : `Fixture updated; ${told} ${told === 1 ? 'player' : 'players'} asked about it told`,
} as const;

/** The words of a fixture's 'Edit Fixture' dialog. */
export const FIXTURE_EDIT_LABELS = {
  action: 'Edit Fixture',
  start: 'Start',
  venue: 'Venue',
  submit: 'Save Fixture',
  busy: 'Saving...',
  /** Shown when the fixture's squads were asked about their availability. */
  tellsAsked: 'The players asked about their availability are told of a change by email.',
} as const;

/** `PUT /api/matches/{id}/schedule`: when and where a fixture is played. */
export const fixtureScheduleInput = z.object({
  scheduled_at: z.iso.datetime({ offset: true, error: FIXTURE_MESSAGES.scheduledAt }),
  venue: nameText('Venue', FIXTURE_MESSAGES.venueRequired)
    .min(1, FIXTURE_MESSAGES.venueRequired)
    .max(VENUE_MAX, FIXTURE_MESSAGES.venueTooLong),
});
export type FixtureScheduleInput = z.input<typeof fixtureScheduleInput>;
export type FixtureScheduleValues = z.output<typeof fixtureScheduleInput>;

export const pointsTableRow = z.object({
  team: teamRef,
  played: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  tied: z.number().int(),
  no_result: z.number().int(),
  penalties: z.number().int(),
  points: z.number().int(),
  /** Net run rate to three decimals (ICC: an all-out side counts its full quota of overs). */
  net_run_rate: z.number(),
});
export type PointsTableRow = z.infer<typeof pointsTableRow>;
export const pointsTable = z.object({ rows: z.array(pointsTableRow) });

/** `POST /api/tournaments/{id}/penalties`. */
export const penaltyInput = z.object({
  team_id: z
    .number({ error: TOURNAMENT_MESSAGES.teamNotInTournament })
    .int()
    .positive()
    .max(MAX_ID, TOURNAMENT_MESSAGES.teamNotInTournament),
  points: z
    .number({ error: TOURNAMENT_MESSAGES.penaltyPoints })
    .int(TOURNAMENT_MESSAGES.penaltyPoints)
    .min(1, TOURNAMENT_MESSAGES.penaltyPoints)
    .max(TOURNAMENT_POINTS_MAX, TOURNAMENT_MESSAGES.penaltyPoints),
  reason: z
    .string({ error: TOURNAMENT_MESSAGES.penaltyReason })
    .trim()
    .min(1, TOURNAMENT_MESSAGES.penaltyReason)
    .max(500),
});
export type PenaltyInput = z.input<typeof penaltyInput>;

/** Balls an innings counts for the net run rate: all out means the full quota (ICC). */
export function ballsForRunRate(i: Innings, quotaOvers: number) {
  return i.wickets >= ALL_OUT_WICKETS ? quotaOvers * 6 : i.overs * 6 + i.balls;
}

export const AVAILABILITY_LABELS: Record<AvailabilityStatus, string> = {
  pending: 'No answer',
  available: 'Available',
  not_available: 'Not available',
  maybe: 'Maybe',
};
/** The public page an answer link opens: `/availability/{token}?answer=…`. */
export const availabilityPagePath = (token: string) => `/availability/${token}`;
/**
 * What an availability message's text may hold beside the template variables: each person's
 * own signed link for each answer, filled by the delivery worker.
 */
export const AVAILABILITY_LINK_VARIABLES = {
  available: 'available_link',
  not_available: 'not_available_link',
  maybe: 'maybe_link',
} as const satisfies Record<AvailabilityAnswer, string>;
/**
 * What a WhatsApp ask's template variables may be filled from: the user fields and each
 * person's answer links (a link is one line of text, so Meta takes it as a parameter).
 */
export const AVAILABILITY_WA_FIELDS = [
  ...TEMPLATE_VARIABLES,
  ...Object.values(AVAILABILITY_LINK_VARIABLES),
] as const;
/** The answer links as the ask's variable picker names them. */
export const AVAILABILITY_LINK_FIELDS: Record<AvailabilityAnswer, string> = {
  available: 'Available link',
  not_available: 'Not available link',
  maybe: 'Maybe link',
};
export const AVAILABILITY_REMIND_HOURS_MAX = 168;
/** The ask's WhatsApp template is picked from the approved ones, searched, a page at a time. */
export const AVAILABILITY_WA_PICKER_PAGE_SIZE = 10;
export const AVAILABILITY_WA_PICKER_DEBOUNCE_MS = 300;

export const AVAILABILITY_MESSAGES = {
  deadline: 'Please enter a valid deadline',
  deadlinePast: 'The deadline must be in the future',
  deadlineAfterStart: 'The deadline must be before the match starts',
  remindHours: `Reminder hours must be a whole number from 0 to ${AVAILABILITY_REMIND_HOURS_MAX}`,
  alreadyAsked: 'Availability has already been asked for this fixture',
  notUpcoming: 'Availability is asked only for a fixture still to be played',
  noSquad: 'Neither team has players to ask',
  waTemplate: 'Please choose an approved WhatsApp template, or none',
  linkInvalid: 'This link is not valid. Ask your team for a new one.',
  closed: 'Answers for this fixture are closed: the match has started or the team sheet is out',
  answer: 'Please choose Available, Not available or Maybe',
  /** The screens' texts. */
  askFailed: 'Failed to ask availability',
  fetchFailed: 'Failed to fetch availability',
  answerFailed: 'Your answer was not saved. Please try again.',
} as const;

export const AVAILABILITY_SUCCESS = {
  asked: (n: number) => `Availability asked of ${n} ${n === 1 ? 'player' : 'players'}`,
  fetched: 'Availability fetched successfully',
  answered: 'Thank you: your answer is saved',
  withdrawn: 'You are out of the team: your selector has been told',
} as const;

export const AVAILABILITY_TEXTS = {
  askDescription:
    'Every player of both squads gets their own links (Available, Not available, Maybe): by WhatsApp when a template is chosen and they take WhatsApp, else by email, else by SMS.',
  waTemplateLabel: 'WhatsApp Template',
  waTemplateNone: 'None: email and SMS only',
  waTemplatesEmpty: 'No WhatsApp template is approved yet',
  waTemplatesNoMatch: 'No approved template matches your search',
  waTemplateHint:
    'Only templates Meta has approved. Map a variable to an answer link so players can answer from WhatsApp.',
} as const;

/** The public page's words for a picked player once the sheet is out (issue 36). */
export const WITHDRAW_TEXTS = {
  picked: (slot: string) => `You are in the team sheet (${slot}).`,
  question: 'Can’t play after all? Let your selector know so a reserve can take your place.',
  action: 'Withdraw from the team',
  confirm:
    'Withdraw from the team? Your selector is told at once and a reserve may take your place.',
  done: 'You withdrew from the team. Your selector has been told.',
} as const;

/** `POST /api/matches/{id}/availability/ask`. */
export const availabilityAskInput = z.object({
  deadline: z.iso.datetime({ offset: true, error: AVAILABILITY_MESSAGES.deadline }),
  remind_hours_before: wholeNumber(
    0,
    AVAILABILITY_REMIND_HOURS_MAX,
    AVAILABILITY_MESSAGES.remindHours,
  ),
  /**
   * What the ask is about, for consent: a messaging topic, or null (an account message). Each
   * player gets it on the first channel (email, then SMS) they accept for it (decision 078).
   */
  topic_id: templateTopicId.optional().transform((v) => v ?? null),
  /**
   * An approved WhatsApp template for the players who take WhatsApp (decision 079): Meta
   * delivers a business's first message only from a template it approved. Null: email and SMS.
   */
  wa_template_id: z
    .preprocess((v) => (v === '' ? null : v), idValue(AVAILABILITY_MESSAGES.waTemplate).nullish())
    .transform((v) => v ?? null)
    .meta({
      description:
        'An approved WhatsApp template (`/api/wa/templates`): players who accept WhatsApp for the topic get it instead of an email; null or absent: email, then SMS',
    }),
  wa_variables: z
    .record(
      z.string().max(100),
      z
        .string()
        .trim()
        .max(WA_SEND_VALUE_MAX * 2),
    )
    .default({})
    .meta({
      description: `With wa_template_id, every variable of the template by name: a user field or answer link (${AVAILABILITY_WA_FIELDS.map((v) => `{{${v}}}`).join(', ')}) filled per player, or fixed text; one line each`,
    }),
});
export type AvailabilityAskInput = z.input<typeof availabilityAskInput>;
export type AvailabilityAskValues = z.output<typeof availabilityAskInput>;

export const availabilityRow = z.object({
  user_id: z.number().int(),
  name: z.string(),
  team_id: z.number().int(),
  status: z.enum(AVAILABILITY_STATUSES),
  answered_at: z.string().nullable(),
});
export type AvailabilityRow = z.infer<typeof availabilityRow>;

/** A fixture's availability: the ask, if any, and every asked player's answer. */
export const fixtureAvailability = z.object({
  asked_at: z.string().nullable(),
  deadline: z.string().nullable(),
  remind_hours_before: z.number().int().nullable(),
  reminded_at: z.string().nullable(),
  players: z.array(availabilityRow),
});
export type FixtureAvailability = z.infer<typeof fixtureAvailability>;

/** What the public answer page shows: the fixture, who is asked, and their answer so far. */
/** Where a picked player stands in a team's selection for a fixture (issue 36). */
export const SELECTION_SLOTS = ['xi', 'twelfth', 'reserve'] as const;
export type SelectionSlot = (typeof SELECTION_SLOTS)[number];
export const SELECTION_SLOT_LABELS: Record<SelectionSlot, string> = {
  xi: 'Playing XI',
  twelfth: '12th man',
  reserve: 'Reserve',
};

export const availabilityPage = z.object({
  player: z.string(),
  team: z.string(),
  match: z.string(),
  scheduled_at: z.string(),
  venue: z.string(),
  status: z.enum(AVAILABILITY_STATUSES),
  open: z.boolean(),
  /** Their place on the published sheet (null: not picked, or the sheet is not out). */
  picked: z.enum(SELECTION_SLOTS).nullable(),
  /** Picked and the match still to start: answering Not available withdraws them. */
  can_withdraw: z.boolean(),
  /** They withdrew after the sheet was out. */
  withdrawn: z.boolean(),
});
export type AvailabilityPage = z.infer<typeof availabilityPage>;

export const availabilityAnswerInput = z.object({
  answer: z.enum(AVAILABILITY_ANSWERS, { error: AVAILABILITY_MESSAGES.answer }),
});

export const XI_SIZE = 11;
export const RESERVES_MAX = 5;

export const SELECTION_MESSAGES = {
  teamNotPlaying: 'This team does not play this fixture',
  xiRequired: 'Pick at least one player for the XI',
  xiTooMany: `The XI holds at most ${XI_SIZE} players`,
  reservesTooMany: `Pick at most ${RESERVES_MAX} reserves`,
  pickedTwice: 'A player can be picked only once',
  captainInXi: 'The captain must be in the XI',
  keeperInXi: 'The wicket keeper must be in the XI',
  notInSquad: 'Only players of the squad can be picked',
  suspended: (name: string) => `${name} is suspended and cannot be picked`,
  notAvailable: (name: string) => `${name} said they are not available`,
  published: 'The team sheet is published: the selection cannot change',
  notOwner: "Only the team's owner or an administrator can pick its team",
  nothingToPublish: 'Save a selection before publishing the team sheet',
  /** A reserve promoted after the sheet (issue 36): who left, and who takes their place. */
  notPublishedYet:
    'A reserve is promoted once the team sheet is out; before that, edit the selection',
  notWithdrawn: 'Only a player who has withdrawn from the team sheet can be replaced',
  notReserve: 'Only a reserve who is still available can be promoted',
  promoteFailed: 'Failed to promote the reserve',
  /** After the sheet, only the captain and the keeper change (a captain who withdrew). */
  leadersBeforeSheet:
    'The captain and wicket keeper change here once the team sheet is out; before that, edit the selection',
  leadersFailed: 'Failed to save the captain and wicket keeper',
  /** The screens' texts. */
  saveFailed: 'Failed to save the selection',
  publishFailed: 'Failed to publish the team sheet',
  fetchFailed: 'Failed to fetch the selection',
} as const;

export const SELECTION_SUCCESS = {
  fetched: 'Selection fetched successfully',
  saved: 'Selection saved',
  published: (n: number) => `Team sheet published; ${n} ${n === 1 ? 'player' : 'players'} told`,
  promoted: (reserve: string, withdrawn: string) =>
    `${reserve} takes ${withdrawn}'s place and has been told`,
  leaders: (told: number) =>
    told === 0
      ? 'Captain and wicket keeper saved'
      : `Captain and wicket keeper saved; ${told} ${told === 1 ? 'player' : 'players'} told`,
} as const;

/** Pick Team's quick fill: the players who said Available into the XI, in squad order. */
export const SELECTION_TEXTS = {
  pickAvailable: 'Pick the available players',
  pickAvailableHint: `Puts everyone who answered Available into the XI, up to ${XI_SIZE}; change any slot after.`,
  leadersHint:
    'The sheet is out: only the captain and wicket keeper can still change. Anyone newly named is told.',
  saveLeaders: 'Save Captain and Keeper',
} as const;

/** `POST /api/matches/{id}/selection/promote`: a reserve takes a withdrawn player's place. */
export const promoteReserveInput = z.object({
  team_id: idValue(SELECTION_MESSAGES.teamNotPlaying),
  withdrawn_id: idValue(SELECTION_MESSAGES.notWithdrawn),
  reserve_id: idValue(SELECTION_MESSAGES.notReserve),
});
export type PromoteReserveValues = z.output<typeof promoteReserveInput>;

const playerId = idValue(SELECTION_MESSAGES.notInSquad);

/**
 * `PUT /api/matches/{id}/selection/leaders`: once the sheet is out, who captains and who keeps
 * wicket (a captain who withdrew leaves none); each from the XI still playing, or none.
 */
export const selectionLeadersInput = z.object({
  team_id: idValue(SELECTION_MESSAGES.teamNotPlaying),
  captain_id: idValue(SELECTION_MESSAGES.captainInXi).nullable().default(null),
  wicket_keeper_id: idValue(SELECTION_MESSAGES.keeperInXi).nullable().default(null),
});
export type SelectionLeadersValues = z.output<typeof selectionLeadersInput>;

/** `PUT /api/matches/{id}/selection`: a team's XI, twelfth man, reserves, captain and keeper. */
export const selectionInput = z
  .object({
    team_id: idValue(SELECTION_MESSAGES.teamNotPlaying),
    xi: z
      .array(playerId)
      .min(1, SELECTION_MESSAGES.xiRequired)
      .max(XI_SIZE, SELECTION_MESSAGES.xiTooMany),
    twelfth: playerId.nullable().default(null),
    reserves: z.array(playerId).max(RESERVES_MAX, SELECTION_MESSAGES.reservesTooMany).default([]),
    captain_id: playerId.nullable().default(null),
    wicket_keeper_id: playerId.nullable().default(null),
  })
  .superRefine((s, ctx) => {
    const all = [...s.xi, ...(s.twelfth === null ? [] : [s.twelfth]), ...s.reserves];
    if (new Set(all).size !== all.length)
      ctx.addIssue({ code: 'custom', path: ['xi'], message: SELECTION_MESSAGES.pickedTwice });
    if (s.captain_id !== null && !s.xi.includes(s.captain_id))
      ctx.addIssue({
        code: 'custom',
        path: ['captain_id'],
        message: SELECTION_MESSAGES.captainInXi,
      });
    if (s.wicket_keeper_id !== null && !s.xi.includes(s.wicket_keeper_id))
      ctx.addIssue({
        code: 'custom',
        path: ['wicket_keeper_id'],
        message: SELECTION_MESSAGES.keeperInXi,
      });
  })
  .meta({
    description:
      'Each player once across xi, twelfth and reserves; the captain and the wicket keeper among the XI; every player in the team’s squad, not suspended, and not one who said they are not available.',
  });
export type SelectionInput = z.input<typeof selectionInput>;
export type SelectionValues = z.output<typeof selectionInput>;

export const selectionQuery = z.object({ team_id: idValue(SELECTION_MESSAGES.teamNotPlaying) });

/** A squad member as the selection screen shows them: availability, eligibility and slot. */
export const selectionCandidate = z.object({
  user_id: z.number().int(),
  name: z.string(),
  availability: z.enum(AVAILABILITY_STATUSES).nullable(),
  suspended: z.boolean(),
  slot: z.enum(SELECTION_SLOTS).nullable(),
  is_captain: z.boolean(),
  is_wicket_keeper: z.boolean(),
  /** Picked, then withdrew after the sheet was out: their place waits for a reserve. */
  withdrawn: z.boolean(),
});
export type SelectionCandidate = z.infer<typeof selectionCandidate>;

export const teamSelection = z.object({
  team: z.object({ id: z.number().int(), name: z.string() }),
  published_at: z.string().nullable(),
  candidates: z.array(selectionCandidate),
});
export type TeamSelection = z.infer<typeof teamSelection>;

/** `POST /api/matches/{id}/selection/publish`. */
export const publishSheetInput = z.object({
  team_id: idValue(SELECTION_MESSAGES.teamNotPlaying),
  /** Also tell the squad members who were not picked. */
  notify_unselected: z.boolean().default(false),
});
export type PublishSheetInput = z.input<typeof publishSheetInput>;
