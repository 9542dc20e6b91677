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
