import { z } from 'zod';
import {
  fromControl,
  idValue,
  MAX_ID,
  nameText,
  optionalText,
  pageOf,
  paginationQuery,
  sortQuery,
} from './common.ts';
import { DROPDOWN_CATEGORIES } from './dropdowns.ts';
import { organizer } from './users.ts';

/** Spec §9 limits and page sizes of the team screens. */
export const TEAM_NAME_MAX = 100;
export const TEAM_LOCATION_MAX = 100;
export const TEAM_INITIALS_MAX = 5;
export const JERSEY_MIN = 1;
export const JERSEY_MAX = 99;
export const TEAM_PLAYERS_PAGE_SIZE = 10;
export const AVAILABLE_PLAYERS_PAGE_SIZE = 20;
export const OWNER_PICKER_PAGE_SIZE = 10;
export const OWNER_SEARCH_DEBOUNCE_MS = 300;
export const PLAYER_SEARCH_DEBOUNCE_MS = 500;
/** At most this many players are added in one request (a squad is far smaller). */
export const MAX_PLAYERS_PER_ADD = 50;

/**
 * Who may be picked for a squad: users whose role has this name and who are not suspended.
 * Anyone already in the team is listed as well, so the list can mark them "In Team".
 */
export const PLAYER_ROLE = 'player';

export const JERSEY_NUMBER_MESSAGE = 'Jersey number must be between 1 and 99';

/** The API's refusals on teams and squads, named so tests and screens can rely on them. */
export const TEAM_MESSAGES = {
  notFound: 'Team not found',
  hasMatchHistory:
    'This team has match history. A team with matches cannot be deleted; mark it inactive instead.',
  ownerNotFound: 'Owner not found',
  ownerNotEligible: 'The owner must be an active team owner or organizer',
  playerNotFound: 'Player not found',
  playerNotEligible: 'Only players who are not suspended can be added to a team',
  playerNotInTeam: 'Player not found in this team',
  playerAlreadyInTeam: 'Player is already in the team',
  playerTwice: 'A player can be added only once',
  invalidPlayerRole: 'Please choose a valid player role',
  invalidBattingStyle: 'Please choose a valid batting style',
  invalidBowlingStyle: 'Please choose a valid bowling style',
  /** The screens' texts (spec §8 "Messages" and the empty states). */
  fetchFailed: 'Error fetching teams',
  createFailed: 'Failed to create team',
  updateFailed: 'Failed to update team',
  deleteFailed: 'Failed to delete team',
  detailsFailed: 'Failed to fetch team details',
  playersFetchFailed: 'Failed to fetch players',
  playersAddFailed: 'Failed to add players',
  playerUpdateFailed: 'Failed to update player',
  playerRemoveFailed: 'Failed to remove player',
  logoUploadFailed: 'Failed to upload logo file',
  empty: 'No teams found',
  playersEmpty: 'No players found',
  /** The owner picker's texts. */
  ownerPlaceholder: 'Select owner',
  ownersEmpty: 'No data available',
  ownersNoMatch: 'No options found',
} as const;
export const jerseyTakenMessage = (n: number) => `Jersey number ${n} is already taken in this team`;
export const LOGO_URL_MESSAGE = 'Please upload the logo as a PNG or JPG image';

/**
 * Only our own uploads or an absolute http(s) address may become an <img> source; '' is none.
 * Case-insensitive by hand: a pattern's flags do not reach the OpenAPI document.
 */
const LOGO_URL = /^(?:\/uploads\/[\s\S]*|[Hh][Tt][Tt][Pp][Ss]?:\/\/\S+)?$/;
const logoUrl = z
  .string()
  .trim()
  .max(500, LOGO_URL_MESSAGE)
  .regex(LOGO_URL, LOGO_URL_MESSAGE)
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

/** Spec §5 "Team create/edit": the form, the POST/PUT body and the OpenAPI document. */
export const teamInput = z.object({
  name: nameText('Team name', 'Team name is required')
    .min(1, 'Team name is required')
    .max(TEAM_NAME_MAX, 'Team name must not exceed 100 characters'),
  location: nameText('Location', 'Location is required')
    .min(1, 'Location is required')
    .max(TEAM_LOCATION_MAX, 'Location must not exceed 100 characters'),
  team_initials: nameText('Team initials', 'Team initials are required')
    .toUpperCase()
    .min(1, 'Team initials are required')
    .max(TEAM_INITIALS_MAX, 'Team initials must not exceed 5 characters'),
  is_active: z.boolean().default(true),
  /** Adds the signed-in user to the new squad; the back-office always sends false. */
  add_me: z.boolean().default(false),
  logo_url: logoUrl,
  owner_id: z
    .number({ error: 'Owner is required' })
    .int('Owner is required')
    .positive('Owner is required')
    .max(MAX_ID, 'Owner is required')
    .meta({
      description: 'A user with the owner role who is not suspended (GET /api/users/organizers)',
    }),
});
export type TeamInput = z.input<typeof teamInput>;
export type TeamValues = z.output<typeof teamInput>;

/** `is_active` arrives as text; an empty value means "All". */
const booleanFilter = z
  .enum(['true', 'false', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true'));

/** The teams list's sortable columns (issue 33). */
export const TEAM_SORT_KEYS = [
  'name',
  'location',
  'players_count',
  'is_active',
  'created_at',
] as const;

export const teamsQuery = paginationQuery.extend({
  search: optionalText,
  is_active: booleanFilter,
  ...sortQuery(TEAM_SORT_KEYS),
});
export type TeamsQuery = z.input<typeof teamsQuery>;
/** The export's query (issue 33): the list's filters and sort, without its page. */
export const teamsExportQuery = teamsQuery.omit({ page: true, limit: true });
/** The teams export's header row: the list's columns, with the id to find each again. */
export const TEAM_EXPORT_COLUMNS = {
  id: 'ID',
  name: 'Team Name',
  location: 'Location',
  players_count: 'Players Count',
  is_active: 'Active',
  created_at: 'Created At',
} as const;

export const team = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  team_initials: z.string(),
  logo_url: z.string().nullable(),
  is_active: z.boolean(),
  owner_id: z.number().int(),
  players_count: z.number().int(),
  created_at: z.string(),
  /** The team's version: `If-Match` on its PUT and DELETE is built from it (decision 059). */
  updated_at: z.string(),
});
export type Team = z.infer<typeof team>;

const personName = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
});

/** A row of the Manage Players list (spec §3 "Team player", the fields the list shows). */
export const availablePlayer = z.object({
  id: z.number().int(),
  details: personName,
  phone_number: z.string(),
  role_id: z.number().int(),
  role_name: z.string(),
  is_in_team: z.boolean(),
});
export type AvailablePlayer = z.infer<typeof availablePlayer>;

/** A squad member (spec §3 "Team player"); option ids point at /dropdown lists. */
export const teamPlayer = availablePlayer.extend({
  player_name: z.string().nullable(),
  player_role: z.number().int().nullable(),
  /** The player_role option's name, so the squad table needs no second request. */
  player_role_name: z.string().nullable(),
  jersey_number: z.number().int().nullable(),
  is_captain: z.boolean(),
  is_wicket_keeper: z.boolean(),
  batting_style: z.number().int().nullable(),
  bowling_style: z.number().int().nullable(),
});
export type TeamPlayer = z.infer<typeof teamPlayer>;

/** The captain is shown on the details card whichever page of the squad is open. */
export const teamCaptain = z.object({
  id: z.number().int(),
  player_name: z.string().nullable(),
  jersey_number: z.number().int().nullable(),
});

export const teamDetails = z.object({
  team,
  owner: organizer.nullable(),
  captain: teamCaptain.nullable(),
  players: pageOf(teamPlayer),
});
export type TeamDetails = z.infer<typeof teamDetails>;

export const teamDetailsQuery = paginationQuery.extend({
  limit: paginationQuery.shape.limit.unwrap().default(TEAM_PLAYERS_PAGE_SIZE),
});

export const availablePlayersQuery = paginationQuery.extend({
  limit: paginationQuery.shape.limit.unwrap().default(AVAILABLE_PLAYERS_PAGE_SIZE),
  search: optionalText,
});
export type AvailablePlayersQuery = z.input<typeof availablePlayersQuery>;

const optionId = z.preprocess(
  fromControl,
  z
    .number({ error: 'Please choose a valid option' })
    .int()
    .positive()
    .max(MAX_ID)
    .nullable()
    .meta({ description: "An option of the field's own list (GET /api/dropdown?category=…)" }),
);

export const jerseyNumber = z.preprocess(
  fromControl,
  z
    .number({ error: JERSEY_NUMBER_MESSAGE })
    .int(JERSEY_NUMBER_MESSAGE)
    .min(JERSEY_MIN, JERSEY_NUMBER_MESSAGE)
    .max(JERSEY_MAX, JERSEY_NUMBER_MESSAGE)
    .nullable(),
);

/** The squad fields of one player: the Edit Player modal and `PUT /teams/{id}/players/{playerId}`. */
export const teamPlayerInput = z.object({
  player_name: nameText('Player name')
    .max(101, 'Player name must not exceed 101 characters')
    .nullable()
    .optional(),
  player_role: optionId,
  batting_style: optionId,
  bowling_style: optionId,
  jersey_number: jerseyNumber,
  is_captain: z.boolean().default(false),
  is_wicket_keeper: z.boolean().default(false),
});
export type TeamPlayerInput = z.input<typeof teamPlayerInput>;
export type TeamPlayerValues = z.output<typeof teamPlayerInput>;

export const ONE_CAPTAIN_MESSAGE = 'Only one player can be the captain';
export const ONE_KEEPER_MESSAGE = 'Only one player can be the wicket keeper';
export const jerseyRepeatedMessage = (n: number) =>
  `Jersey number ${n} is given to another selected player`;

/**
 * `POST /teams/{id}/players/multiple` and the selected-players modal. The rules across the
 * batch (one captain, one keeper, a jersey number once) are checked here, so the form flags
 * the field that breaks one; a number already worn in the team needs the database (rules.ts).
 */
export const addTeamPlayersInput = z
  .object({
    players: z
      .array(
        teamPlayerInput.extend({
          user_id: z
            .number()
            .int()
            .positive()
            .max(MAX_ID)
            .meta({ description: 'A user with a player role, not suspended, not yet in the team' }),
        }),
      )
      .min(1, 'Please select at least one player')
      .max(MAX_PLAYERS_PER_ADD, `At most ${MAX_PLAYERS_PER_ADD} players can be added at once`)
      .meta({ description: 'At most one captain and one wicket keeper among them' }),
  })
  .superRefine((body, ctx) => {
    const flagged = (flag: 'is_captain' | 'is_wicket_keeper', message: string) =>
      body.players.forEach((p, i) => {
        if (p[flag] && body.players.findIndex((q) => q[flag]) !== i)
          ctx.addIssue({ code: 'custom', path: ['players', i, flag], message });
      });
    flagged('is_captain', ONE_CAPTAIN_MESSAGE);
    flagged('is_wicket_keeper', ONE_KEEPER_MESSAGE);
    const jerseys = body.players.map((p) => p.jersey_number);
    jerseys.forEach((n, i) => {
      if (n !== null && jerseys.indexOf(n) !== i)
        ctx.addIssue({
          code: 'custom',
          path: ['players', i, 'jersey_number'],
          message: jerseyRepeatedMessage(n),
        });
    });
  });
export type AddTeamPlayersInput = z.input<typeof addTeamPlayersInput>;

export const teamPlayerParams = z.object({
  id: idValue(),
  playerId: idValue(),
});

export const teamsPage = pageOf(team);
export const availablePlayersPage = pageOf(availablePlayer);

/** `GET /dropdown`: the option lists of the squad forms. */
export const dropdownQuery = z.object({
  category: z.enum(DROPDOWN_CATEGORIES, {
    error: 'Category must be player_role, batting_style or bowling_style',
  }),
});

/** The `message` of the API's successful answers in this feature; the screens' toasts say the same. */
export const TEAM_SUCCESS = {
  listed: 'Teams fetched successfully',
  created: 'Team created successfully!',
  fetched: 'Team fetched successfully',
  updated: 'Team updated successfully!',
  deleted: 'Team deleted successfully!',
  playersListed: 'Players fetched successfully',
  playersAdded: 'Players added to team successfully',
  playerUpdated: 'Player updated successfully',
  playerRemoved: 'Player removed successfully',
  optionsListed: 'Options fetched successfully',
} as const;
