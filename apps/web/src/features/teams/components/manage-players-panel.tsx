import {
  type AddTeamPlayersInput,
  addTeamPlayersInput,
  AVAILABLE_PLAYERS_PAGE_SIZE,
  type AvailablePlayer,
  fullName,
  newPlayerOptions,
  PLAYER_SEARCH_DEBOUNCE_MS,
  TEAM_MESSAGES,
  TEAM_SUCCESS,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { SidePanel } from '@/components/side-panel';
import { Button } from '@/components/ui/button';
import { useFormLifecycle } from '@/components/form-drawer';
import { PagedPickerList } from '@/components/picker-parts';
import { usePagedPicker } from '@/components/use-paged-picker';
import { useAddTeamPlayers } from '../api/add-team-players';
import { availablePlayersQuery } from '../api/get-available-players';
import { usePlayerOptions, type PlayerOptions } from './player-fields';
import { SelectedPlayersModal } from './selected-players-modal';

type NewPlayer = AddTeamPlayersInput['players'][number];

/**
 * Spec §4 "New team player": no jersey, not captain or keeper, and the options of
 * `newPlayerOptions`. Sent explicitly, so the squad never depends on a server default.
 */
export function newPlayer(player: AvailablePlayer, options: PlayerOptions): NewPlayer {
  const defaults = newPlayerOptions(options, player.role_name);
  return {
    user_id: player.id,
    player_name: fullName(player.details, null),
    jersey_number: '',
    player_role: defaults.player_role ?? '',
    batting_style: defaults.batting_style ?? '',
    bowling_style: defaults.bowling_style ?? '',
    is_captain: false,
    is_wicket_keeper: false,
  };
}

interface ManagePlayersPanelProps {
  teamId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec §2 "Manage Players panel": pick available players, then add them in one request. */
export function ManagePlayersPanel({ teamId, open, onOpenChange }: ManagePlayersPanelProps) {
  const { options, ready } = usePlayerOptions(open);

  const form = useForm({
    resolver: zodResolver(addTeamPlayersInput),
    defaultValues: { players: [] as NewPlayer[] },
    reValidateMode: 'onSubmit',
  });
  const selection = useFieldArray({ control: form.control, name: 'players' });
  // Name and phone of each selected player, for the selected-players modal.
  const [people, setPeople] = useState(new Map<number, AvailablePlayer>());
  const [reviewing, setReviewing] = useState(false);
  const add = useAddTeamPlayers();
  const count = selection.fields.length;
  const picker = usePagedPicker({
    query: (params) => availablePlayersQuery(teamId, params),
    pageSize: AVAILABLE_PLAYERS_PAGE_SIZE,
    debounceMs: PLAYER_SEARCH_DEBOUNCE_MS,
    enabled: open,
    // From the field array itself, which changes in the same render as the count: a watched copy
    // lagged a render behind, long enough for a quick second click to pick the same person twice.
    selectedIds: selection.fields.map((player) => player.user_id),
    emptyText: TEAM_MESSAGES.playersEmpty,
    errorText: TEAM_MESSAGES.playersFetchFailed,
  });

  const lifecycle = useFormLifecycle({
    form,
    open,
    onOpenChange: (next) => {
      if (!next) {
        setPeople(new Map());
        picker.reset();
        setReviewing(false);
      }
      onOpenChange(next);
    },
    values: () => ({ players: [] }),
    submit: (values) => add.mutateAsync({ teamId, body: values }),
    successText: TEAM_SUCCESS.playersAdded,
    failureText: TEAM_MESSAGES.playersAddFailed,
    // A rule broken in the selection (two captains, a bad jersey) shows where it can be fixed.
    onInvalid: () => setReviewing(true),
  });
  const saving = lifecycle.saving;

  function select(player: AvailablePlayer) {
    if (picker.isSelected(player)) return;
    selection.append(newPlayer(player, options));
    setPeople((current) => new Map(current).set(player.id, player));
  }

  return (
    <SidePanel
      open={open}
      onOpenChange={lifecycle.onOpenChange}
      preventClose={saving}
      title="Manage Players"
      description="Select players to add to this team."
      footer={
        count > 0 && (
          <div className="flex w-full flex-wrap items-center justify-between gap-3">
            <p className="text-sm font-medium text-neutral-700">{`Selected Players (${count})`}</p>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={() => setReviewing(true)}>
                View Selected Players
              </Button>
              <Button
                size="sm"
                onClick={() => lifecycle.submit()}
                busy={saving}
                busyText="Adding..."
              >
                {`Add (${count}) Players`}
              </Button>
            </div>
          </div>
        )
      }
    >
      <PagedPickerList
        picker={picker}
        searchLabel="Search players"
        searchPlaceholder="Search players by name or phone..."
        label="Available players"
        className="divide-y divide-neutral-100 rounded-lg border border-neutral-200"
        itemClassName="flex items-center justify-between gap-3 px-4 py-3"
        pagerClassName="-mx-6 mt-4"
      >
        {(player) => {
          const name = fullName(player.details);
          const state = player.is_in_team
            ? 'In Team'
            : picker.isSelected(player)
              ? 'Selected'
              : 'Select';
          return (
            <>
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-neutral-900">{name}</span>
                <span className="block text-xs text-neutral-500">
                  <span className="capitalize">{player.role_name}</span> · {player.phone_number}
                </span>
              </span>
              <Button
                size="sm"
                variant={state === 'Select' ? 'primary' : 'secondary'}
                disabled={state !== 'Select' || !ready}
                aria-label={`${state} ${name}`}
                onClick={() => select(player)}
              >
                {state}
              </Button>
            </>
          );
        }}
      </PagedPickerList>

      <SelectedPlayersModal
        open={reviewing}
        onOpenChange={setReviewing}
        form={form}
        fields={selection.fields}
        people={people}
        options={options}
        onRemove={(index) => selection.remove(index)}
        onSubmit={() => lifecycle.submit()}
        saving={saving}
      />
    </SidePanel>
  );
}
