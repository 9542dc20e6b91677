import type { TeamPlayer } from '@cricket/contracts';

/** 'First Last', or 'Unknown User' when a person has neither (spec §2 users list). */
export const personName = (details: { first_name: string | null; last_name: string | null }) =>
  [details.first_name, details.last_name].filter(Boolean).join(' ') || 'Unknown User';

/** A squad member goes by the name given in the team, else by their own. */
export const playerLabel = (player: Pick<TeamPlayer, 'player_name' | 'details'>) =>
  player.player_name || personName(player.details);
