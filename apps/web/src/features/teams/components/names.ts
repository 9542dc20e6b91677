import { UNKNOWN_USER, fullName, type TeamPlayer } from '@cricket/contracts';

/** A squad member goes by the name given in the team, else by their own. */
export const playerLabel = (player: Pick<TeamPlayer, 'player_name' | 'details'>): string =>
  player.player_name || fullName(player.details, UNKNOWN_USER);
