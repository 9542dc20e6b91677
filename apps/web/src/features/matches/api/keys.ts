/** Every matches query key starts here, so one invalidation refreshes lists and tournaments. */
export const matchKeys = {
  all: ['matches'] as const,
  list: (params: object) => ['matches', 'list', params] as const,
  /** The matches screen's tournament filter: every tournament on the largest page. */
  tournaments: ['matches', 'tournaments'] as const,
  tournamentList: (params: object) => ['matches', 'tournaments', 'list', params] as const,
  /** A tournament's page: the tournament with its fixtures, and its points table. */
  tournament: (id: number) => ['matches', 'tournaments', 'detail', id] as const,
  pointsTable: (id: number) => ['matches', 'tournaments', 'detail', id, 'points-table'] as const,
  /** A fixture's availability, and a team's grid over a tournament's fixtures. */
  availability: (matchId: number) => ['matches', 'availability', matchId] as const,
  availabilityGrid: (tournamentId: number, teamId: number) =>
    ['matches', 'tournaments', 'detail', tournamentId, 'availability', teamId] as const,
  /** A team's selection for a fixture. */
  selection: (matchId: number, teamId: number) =>
    ['matches', 'selection', matchId, teamId] as const,
  /** The public answer page of a link (no session: not under 'matches'). */
  publicAvailability: (token: string) => ['public-availability', token] as const,
  /** The tournament form's team picker. */
  teamOptions: (params: object) => ['matches', 'team-options', params] as const,
};
