import { teamPlayerInput, type TeamPlayer, type TeamPlayerInput } from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type Path } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Modal } from '@/components/modal';
import { Button } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/http';
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
  /** The squad member being edited; null keeps the modal closed. */
  player: TeamPlayer | null;
  onClose: () => void;
}

/** Spec §2 "Edit Player modal". */
export function EditPlayerModal({ teamId, player, onClose }: EditPlayerModalProps) {
  const { options, ready } = usePlayerOptions(player !== null);
  const form = useForm({
    resolver: zodResolver(teamPlayerInput),
    defaultValues: formValues(null),
    reValidateMode: 'onSubmit',
  });
  const update = useUpdateTeamPlayer();
  const saving = form.formState.isSubmitting;

  useEffect(() => {
    if (player && ready) form.reset(formValues(player));
  }, [player, ready, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (!player) return;
    try {
      await update.mutateAsync({ teamId, playerId: player.id, body: values });
      toast.success('Player updated successfully');
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, messages] of Object.entries(error.errors)) {
          if (field in values && messages[0]) {
            form.setError(field as Path<TeamPlayerInput>, { message: messages[0] });
          }
        }
      }
      toast.error(errorMessage(error, 'Failed to update player'));
    }
  });

  return (
    <Modal
      open={player !== null}
      onOpenChange={(open) => !open && onClose()}
      preventClose={saving}
      title="Edit Player"
      description={player ? playerLabel(player) : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="edit-player-form"
            busy={saving}
            busyText="Saving..."
            disabled={!ready}
          >
            Save Changes
          </Button>
        </>
      }
    >
      {ready ? (
        <form id="edit-player-form" onSubmit={onSubmit} noValidate>
          <PlayerFields form={form} options={options} />
        </form>
      ) : (
        <p role="status" className="py-8 text-center text-sm text-slate-500">
          Loading...
        </p>
      )}
    </Modal>
  );
}
