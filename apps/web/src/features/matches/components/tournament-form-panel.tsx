import {
  TOURNAMENT_FORMATS,
  TOURNAMENT_MESSAGES,
  TOURNAMENT_NAME_MAX,
  TOURNAMENT_SUCCESS,
  WEEKDAY_NAMES,
  WEEKDAYS,
  tournamentInput,
  type Tournament,
  type TournamentInput,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDrawer, useFormLifecycle } from '@/components/form-drawer';
import { DateField } from '@/components/ui/date-field';
import { FieldMessages } from '@/components/ui/field-frame';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { statusLabel } from '@/lib/format';
import { getTournament } from '../api/get-tournament';
import { useCreateTournament, useUpdateTournament } from '../api/tournament-writes';
import { TeamChecklist } from './team-checklist';

/** The form's labels, also naming the fields someone else changed (decision 059). */
const FIELD_LABELS = {
  name: 'Tournament Name',
  format: 'Format',
  overs: 'Overs per innings',
  start_date: 'Start Date',
  end_date: 'End Date',
  match_days: 'Match days',
  points_win: 'Win',
  points_tie: 'Tie',
  points_no_result: 'No result',
  points_loss: 'Loss',
  team_ids: 'Teams',
} satisfies Partial<Record<keyof TournamentInput, string>>;

const POINT_FIELDS = ['points_win', 'points_tie', 'points_no_result', 'points_loss'] as const;

function formValues(t: Tournament | null): TournamentInput {
  return {
    name: t?.name ?? '',
    format: t?.format ?? 'league',
    overs: String(t?.overs ?? 20),
    start_date: t?.start_date ?? '',
    end_date: t?.end_date ?? '',
    // Checkboxes hold text.
    match_days: (t?.match_days ?? [6, 7]).map(String) as unknown as TournamentInput['match_days'],
    points_win: String(t?.points_win ?? 2),
    points_tie: String(t?.points_tie ?? 1),
    points_no_result: String(t?.points_no_result ?? 1),
    points_loss: String(t?.points_loss ?? 0),
    team_ids: t?.teams.map((team) => team.id) ?? [],
  };
}

interface TournamentFormPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The tournament to edit; null creates one. */
  tournament: Tournament | null;
  /** A tournament was created: its page is where fixtures are generated next. */
  onCreated?: (created: Tournament) => void;
}

/** Create or edit a tournament: its rules, its match days and its teams (issue 36). */
export function TournamentFormPanel({
  open,
  onOpenChange,
  tournament,
  onCreated,
}: TournamentFormPanelProps) {
  const form = useForm({
    resolver: zodResolver(tournamentInput),
    defaultValues: formValues(null),
    reValidateMode: 'onSubmit',
  });
  const [teams, setTeams] = useState(tournament?.teams ?? []);
  const create = useCreateTournament();
  const update = useUpdateTournament();
  const editing = tournament !== null;
  // Opened once the form has closed after the save: leaving the route while it still held the
  // typed values would ask 'Discard changes?'.
  const created = useRef<Tournament | null>(null);

  const lifecycle = useFormLifecycle({
    form,
    open,
    onOpenChange: (next) => {
      if (next) setTeams(tournament?.teams ?? []);
      onOpenChange(next);
      if (!next && created.current) {
        onCreated?.(created.current);
        created.current = null;
      }
    },
    values: () => formValues(tournament),
    version: tournament
      ? {
          updatedAt: tournament.updated_at,
          reload: async () => {
            const { tournament: theirs } = await getTournament(tournament.id);
            return {
              values: formValues(theirs),
              updatedAt: theirs.updated_at,
              apply: () => setTeams(theirs.teams),
            };
          },
          labels: FIELD_LABELS,
        }
      : undefined,
    successText: editing ? TOURNAMENT_SUCCESS.updated : TOURNAMENT_SUCCESS.created,
    failureText: editing ? TOURNAMENT_MESSAGES.updateFailed : TOURNAMENT_MESSAGES.createFailed,
    submit: async (values, ifMatch) => {
      if (tournament) await update.mutateAsync({ id: tournament.id, values, ifMatch });
      else created.current = await create.mutateAsync(values);
    },
  });
  const saving = lifecycle.saving;
  const dayError = form.formState.errors.match_days?.message;
  const pointsError = POINT_FIELDS.map((f) => form.formState.errors[f]?.message).find(Boolean);

  return (
    <FormDrawer
      lifecycle={lifecycle}
      open={open}
      title={editing ? 'Edit Tournament' : 'Create Tournament'}
      submitLabel={editing ? 'Update Tournament' : 'Create Tournament'}
      busyLabel={editing ? 'Updating...' : 'Creating...'}
    >
      <TextField
        form={form}
        name="name"
        label={FIELD_LABELS.name}
        maxLength={TOURNAMENT_NAME_MAX}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          form={form}
          name="format"
          label={FIELD_LABELS.format}
          required
          options={TOURNAMENT_FORMATS.map((value) => ({ value, label: statusLabel(value) }))}
        />
        <TextField
          form={form}
          name="overs"
          label={FIELD_LABELS.overs}
          type="number"
          inputMode="numeric"
          min={1}
          required
        />
        <DateField form={form} name="start_date" label={FIELD_LABELS.start_date} required />
        <DateField form={form} name="end_date" label={FIELD_LABELS.end_date} required />
      </div>
      <fieldset className="space-y-2" aria-describedby="match-days-hint">
        <legend className="text-sm font-medium text-neutral-700">
          {FIELD_LABELS.match_days} <span className="text-danger-600">*</span>
        </legend>
        <div className="flex flex-wrap gap-2">
          {WEEKDAYS.map((day) => (
            <label
              key={day}
              className="flex items-center gap-1.5 rounded-md border border-neutral-200 px-2.5 py-1.5 text-sm"
            >
              <input
                type="checkbox"
                value={String(day)}
                disabled={saving}
                {...form.register('match_days')}
                className="size-4 accent-primary-700"
              />
              {WEEKDAY_NAMES[day - 1]}
            </label>
          ))}
        </div>
        <FieldMessages
          hint="Fixtures are generated one round per match day, from the start date on."
          hintId="match-days-hint"
          error={dayError}
          errorId="match-days-error"
        />
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-neutral-700">Points</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {POINT_FIELDS.map((name) => (
            <TextField
              key={name}
              form={form}
              name={name}
              label={FIELD_LABELS[name]}
              type="number"
              inputMode="numeric"
              min={0}
            />
          ))}
        </div>
        {pointsError && <p className="sr-only">{pointsError}</p>}
      </fieldset>
      <TeamChecklist
        value={teams}
        disabled={saving}
        error={form.formState.errors.team_ids?.message}
        onChange={(next) => {
          setTeams(next);
          form.clearErrors('team_ids');
          form.setValue(
            'team_ids',
            next.map((team) => team.id),
            { shouldDirty: true },
          );
        }}
      />
    </FormDrawer>
  );
}
