import { fullName, type AddTeamPlayersInput, type AvailablePlayer } from '@cricket/contracts';
import { X } from 'lucide-react';
import type { FieldArrayWithId } from 'react-hook-form';
import { Modal } from '@/components/modal';
import { Button } from '@/components/ui/button';
import type { AnyForm } from '@/components/ui/field';
import { PlayerFields, type PlayerOptions } from './player-fields';

interface SelectedPlayersModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  form: AnyForm<AddTeamPlayersInput>;
  fields: FieldArrayWithId<AddTeamPlayersInput, 'players'>[];
  people: Map<number, AvailablePlayer>;
  options: PlayerOptions;
  onRemove: (index: number) => void;
  onSubmit: () => void;
  saving: boolean;
}

/** Spec §2: the selected players, each with their squad fields, added all together. */
export function SelectedPlayersModal({
  open,
  onOpenChange,
  form,
  fields,
  people,
  options,
  onRemove,
  onSubmit,
  saving,
}: SelectedPlayersModalProps) {
  const count = fields.length;
  const listError =
    form.formState.errors.players?.root?.message ?? form.formState.errors.players?.message;

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      preventClose={saving}
      size="lg"
      title={`Selected Players (${count})`}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={saving}>
            Close
          </Button>
          <Button onClick={onSubmit} busy={saving} busyText="Adding..." disabled={count === 0}>
            {`Add All Players (${count})`}
          </Button>
        </>
      }
    >
      {listError && <p className="mb-3 text-sm font-medium text-danger-600">{listError}</p>}
      {count === 0 ? (
        <p className="py-8 text-center text-sm text-neutral-500">No players selected</p>
      ) : (
        <ul className="space-y-4">
          {fields.map((field, index) => {
            const person = people.get(field.user_id);
            const name = person ? fullName(person.details) : `Player ${field.user_id}`;
            return (
              <li
                key={field.id}
                aria-label={name}
                className="rounded-lg border border-neutral-200 p-4"
              >
                <div className="mb-3 flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="truncate text-sm font-semibold text-neutral-900">{name}</p>
                    {person && <p className="text-xs text-neutral-500">{person.phone_number}</p>}
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${name} from selection`}
                    onClick={() => onRemove(index)}
                    disabled={saving}
                  >
                    <X className="size-4" aria-hidden="true" />
                  </Button>
                </div>
                <PlayerFields form={form} prefix={`players.${index}.`} options={options} />
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
