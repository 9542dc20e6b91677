import {
  TEAM_MESSAGES,
  TEAM_SUCCESS,
  type TeamPlayer,
  teamPlayerInput,
  type TeamPlayerInput,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDrawer, useFormLifecycle } from '@/components/form-drawer';
import { useUpdateTeamPlayer } from '../api/update-team-player';
import { playerLabel } from './names';
import { PlayerFields, usePlayerOptions } from './player-fields';

function formValues(player: TeamPlayer | null): TeamPlayerInput {
  return {
    player_name: player?.player_name ?? null,
    player_role: player?.player_role ?? '',
    batting_style: player?.batting_style ?? '',
    bowling_style: player?.bowling_style ?? '',
    jersey_number: player?.jersey_number ?? '',
    is_captain: player?.is_captain ?? false,
    is_wicket_keeper: player?.is_wicket_keeper ?? false,
  };
}

interface EditPlayerModalProps {
  teamId: number;
  open: boolean;
  /** The squad member being edited, kept after closing while the modal animates out. */
  player: TeamPlayer | null;
  onOpenChange: (open: boolean) => void;
}

/** Spec §2 "Edit Player modal". */
export function EditPlayerModal({ teamId, open, player, onOpenChange }: EditPlayerModalProps) {
  const { options, ready } = usePlayerOptions(open);
  const form = useForm({
    resolver: zodResolver(teamPlayerInput),
    defaultValues: formValues(null),
    reValidateMode: 'onSubmit',
  });
  const update = useUpdateTeamPlayer();
  const lifecycle = useFormLifecycle({
    form,
    open: open && ready,
    onOpenChange,
    values: () => formValues(player),
    submit: async (values) => {
      if (player) await update.mutateAsync({ teamId, playerId: player.id, body: values });
    },
    successText: TEAM_SUCCESS.playerUpdated,
    failureText: TEAM_MESSAGES.playerUpdateFailed,
  });

  return (
    <FormDrawer
      kind="modal"
      lifecycle={lifecycle}
      open={open}
      title="Edit Player"
      description={player ? playerLabel(player) : undefined}
      submitLabel="Save Changes"
      busyLabel="Saving..."
      ready={ready}
    >
      {ready ? (
        <PlayerFields form={form} options={options} />
      ) : (
        <p role="status" className="py-8 text-center text-sm text-neutral-500">
          Loading...
        </p>
      )}
    </FormDrawer>
  );
}
