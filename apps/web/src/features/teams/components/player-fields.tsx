import type { DropdownCategory, DropdownOption } from '@cricket/contracts';
import type { FieldValues, Path } from 'react-hook-form';
import type { AnyForm } from '@/components/ui/field';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useDropdown } from '../api/get-dropdown';

export type PlayerOptions = Record<DropdownCategory, DropdownOption[]>;

/**
 * The three option lists of the squad forms, loaded once and cached. Forms wait for `ready`:
 * a select rendered before its options cannot show the chosen one.
 */
export function usePlayerOptions(enabled = true): { options: PlayerOptions; ready: boolean } {
  const roles = useDropdown('player_role', enabled);
  const batting = useDropdown('batting_style', enabled);
  const bowling = useDropdown('bowling_style', enabled);
  return {
    options: {
      player_role: roles.data ?? [],
      batting_style: batting.data ?? [],
      bowling_style: bowling.data ?? [],
    },
    ready: roles.isSuccess && batting.isSuccess && bowling.isSuccess,
  };
}

const toSelectOptions = (options: DropdownOption[]) =>
  options.map((option) => ({ value: String(option.id), label: option.name }));

interface PlayerFieldsProps<T extends FieldValues> {
  form: AnyForm<T>;
  /** Where this player's fields sit in the form: '' or 'players.3.'. */
  prefix?: string;
  options: PlayerOptions;
}

/** Jersey number, role, styles and the captain and keeper flags of one squad member. */
export function PlayerFields<T extends FieldValues>({
  form,
  prefix = '',
  options,
}: PlayerFieldsProps<T>) {
  const name = (field: string) => `${prefix}${field}` as Path<T>;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        form={form}
        name={name('jersey_number')}
        label="Jersey Number"
        hint="1-99, optional"
        type="number"
        inputMode="numeric"
        min={1}
        max={99}
      />
      <SelectField
        form={form}
        name={name('player_role')}
        label="Player Role"
        placeholder="Select role"
        options={toSelectOptions(options.player_role)}
      />
      <SelectField
        form={form}
        name={name('batting_style')}
        label="Batting Style"
        placeholder="Select batting style"
        options={toSelectOptions(options.batting_style)}
      />
      <SelectField
        form={form}
        name={name('bowling_style')}
        label="Bowling Style"
        placeholder="Select bowling style"
        options={toSelectOptions(options.bowling_style)}
      />
      <CheckboxField form={form} name={name('is_captain')} label="Captain" />
      <CheckboxField form={form} name={name('is_wicket_keeper')} label="Wicket Keeper" />
    </div>
  );
}
