import { z } from 'zod';

/** Spec §7 /dropdown categories and the standard cricket lists seeded for them. */
export const DROPDOWN_CATEGORIES = ['player_role', 'batting_style', 'bowling_style'] as const;
export const dropdownCategory = z.enum(DROPDOWN_CATEGORIES);
export type DropdownCategory = z.infer<typeof dropdownCategory>;

export const STANDARD_DROPDOWNS: Record<DropdownCategory, readonly string[]> = {
  player_role: ['Batsman', 'Bowler', 'All-rounder', 'Wicket-keeper'],
  batting_style: ['Right-hand bat', 'Left-hand bat'],
  bowling_style: [
    'Right-arm fast',
    'Right-arm fast-medium',
    'Right-arm medium-fast',
    'Right-arm medium',
    'Left-arm fast',
    'Left-arm fast-medium',
    'Left-arm medium-fast',
    'Left-arm medium',
    'Right-arm off break',
    'Right-arm leg break',
    'Slow left-arm orthodox',
    'Slow left-arm chinaman',
    'Does not bowl',
  ],
};

export const dropdownOption = z.object({ id: z.number().int(), name: z.string() });
export type DropdownOption = z.infer<typeof dropdownOption>;

/**
 * Spec §4 "New team player": the player-role option named like the user's platform role, else
 * the list's first option; batting and bowling style take the first option of their lists.
 * One rule for the Manage Players form (which sends it) and the API (which fills in what a
 * client left out).
 */
export function newPlayerOptions(
  lists: Record<DropdownCategory, readonly { id: number; name: string }[]>,
  roleName: string,
): Record<DropdownCategory, number | null> {
  const named = lists.player_role.find((o) => o.name.toLowerCase() === roleName.toLowerCase());
  return {
    player_role: (named ?? lists.player_role[0])?.id ?? null,
    batting_style: lists.batting_style[0]?.id ?? null,
    bowling_style: lists.bowling_style[0]?.id ?? null,
  };
}
