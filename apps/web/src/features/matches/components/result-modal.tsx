import {
  KNOCKOUT_LABELS,
  RESULT_MESSAGES,
  RESULT_SUCCESS,
  RESULT_TYPES,
  resultInput,
  type Fixture,
  type ResultInput,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormDrawer, useFormLifecycle } from '@/components/form-drawer';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useEnterResult } from '../api/tournament-writes';

const RESULT_LABELS = { win: 'Win', tie: 'Tie', no_result: 'No result' } as const;
const INNINGS_FIELDS = [
  ['runs', 'Runs', 9999],
  ['wickets', 'Wickets', 10],
  ['overs', 'Overs', 50],
  ['balls', 'Balls', 5],
] as const;

const blankInnings = { runs: '', wickets: '', overs: '', balls: '0' };

function formValues(f: Fixture | null): ResultInput {
  const shown = (i: Fixture['team_a_innings']) =>
    i
      ? {
          runs: String(i.runs),
          wickets: String(i.wickets),
          overs: String(i.overs),
          balls: String(i.balls),
        }
      : blankInnings;
  return {
    result_type: f?.result_type ?? 'win',
    team_a: shown(f?.team_a_innings ?? null) as unknown as ResultInput['team_a'],
    team_b: shown(f?.team_b_innings ?? null) as unknown as ResultInput['team_b'],
    reason: '',
    winner_team_id: f?.result_type === 'tie' && f.winner ? String(f.winner.id) : '',
  };
}

interface ResultModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fixture: Fixture | null;
  /** A knockout's tie names its super over or bowl-out winner (decision 077). */
  knockout?: boolean;
}

/**
 * Enter or correct a fixture's result: each side's runs, wickets, overs and balls. A confirmed
 * (locked) result asks for the reason its change is recorded with.
 */
export function ResultModal({ open, onOpenChange, fixture, knockout = false }: ResultModalProps) {
  const form = useForm({
    resolver: zodResolver(resultInput),
    defaultValues: formValues(null),
    reValidateMode: 'onSubmit',
  });
  const enter = useEnterResult();
  const type = useWatch({ control: form.control, name: 'result_type' });
  // Only a tie names a winner: one chosen before the type changed must not hold the form back.
  useEffect(() => {
    if (type !== 'tie') form.setValue('winner_team_id', '');
  }, [type, form]);
  const lifecycle = useFormLifecycle({
    form,
    open,
    onOpenChange,
    values: () => formValues(fixture),
    successText: fixture?.locked ? RESULT_SUCCESS.changed : RESULT_SUCCESS.entered,
    failureText: 'Failed to save result',
    submit: async (values) => {
      if (!fixture) return;
      // No result carries no innings, and only a knockout's tie a winner, whatever the boxes
      // still hold.
      const named = knockout && values.result_type === 'tie' ? values.winner_team_id : null;
      const body =
        values.result_type === 'no_result'
          ? { ...values, team_a: null, team_b: null, winner_team_id: null }
          : { ...values, winner_team_id: named };
      await enter.mutateAsync({ id: fixture.id, values: body });
    },
  });

  const sides = fixture
    ? ([
        ['team_a', fixture.team_a.name],
        ['team_b', fixture.team_b.name],
      ] as const)
    : [];

  return (
    <FormDrawer
      lifecycle={lifecycle}
      open={open}
      kind="modal"
      title={fixture ? `${fixture.team_a.name} v ${fixture.team_b.name}` : 'Result'}
      description={
        fixture?.locked ? RESULT_MESSAGES.locked : 'Both teams confirm the result before it counts.'
      }
      submitLabel="Save Result"
      busyLabel="Saving..."
    >
      <SelectField
        form={form}
        name="result_type"
        label="Result"
        required
        options={RESULT_TYPES.map((value) => ({ value, label: RESULT_LABELS[value] }))}
      />
      {type !== 'no_result' &&
        sides.map(([side, name]) => (
          <fieldset key={side} className="space-y-2">
            <legend className="max-w-full truncate text-sm font-semibold text-neutral-800">
              {name}
            </legend>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {INNINGS_FIELDS.map(([field, label, max]) => (
                <TextField
                  key={field}
                  form={form}
                  name={`${side}.${field}`}
                  label={label}
                  aria-label={`${name} ${label.toLowerCase()}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={max}
                  required={field !== 'balls'}
                />
              ))}
            </div>
          </fieldset>
        ))}
      {knockout && type === 'tie' && fixture && (
        <SelectField
          form={form}
          name="winner_team_id"
          label={KNOCKOUT_LABELS.tieWinner}
          placeholder={KNOCKOUT_LABELS.choose}
          required
          options={[fixture.team_a, fixture.team_b].map((team) => ({
            value: String(team.id),
            label: team.name,
          }))}
        />
      )}
      {fixture?.locked && (
        <TextField
          form={form}
          name="reason"
          label="Reason for the change"
          maxLength={500}
          required
        />
      )}
    </FormDrawer>
  );
}
