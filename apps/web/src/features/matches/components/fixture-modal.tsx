import {
  FIXTURE_EDIT_LABELS,
  FIXTURE_MESSAGES,
  VENUE_MAX,
  fixtureScheduleInput,
  type Fixture,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDrawer, useFormLifecycle } from '@/components/form-drawer';
import { TextField } from '@/components/ui/text-field';
import { toLocalInput } from '@/lib/format';
import { useMoveFixture } from '../api/tournament-writes';

/** The start box holds the browser's local time; the API takes it as an instant. */
const fixtureForm = fixtureScheduleInput.extend({
  scheduled_at: z.string().min(1, FIXTURE_MESSAGES.scheduledAt),
});
type FixtureForm = z.input<typeof fixtureForm>;

const values = (f: Fixture | null): FixtureForm => ({
  scheduled_at: f ? toLocalInput(new Date(f.scheduled_at)) : '',
  venue: f?.venue ?? '',
});

interface FixtureModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fixture: Fixture | null;
}

/** 'Edit Fixture': its start and venue; those asked about their availability are told. */
export function FixtureModal({ open, onOpenChange, fixture }: FixtureModalProps) {
  const form = useForm({
    resolver: zodResolver(fixtureForm),
    defaultValues: values(null),
    reValidateMode: 'onSubmit',
  });
  const move = useMoveFixture();
  const lifecycle = useFormLifecycle({
    form,
    open,
    onOpenChange,
    values: () => values(fixture),
    successText: (outcome) => String(outcome),
    failureText: FIXTURE_MESSAGES.updateFailed,
    submit: async (v) => {
      if (!fixture) return;
      return move.mutateAsync({
        id: fixture.id,
        values: { ...v, scheduled_at: new Date(v.scheduled_at).toISOString() },
      });
    },
  });

  return (
    <FormDrawer
      lifecycle={lifecycle}
      open={open}
      kind="modal"
      title={
        fixture
          ? `${FIXTURE_EDIT_LABELS.action}: ${fixture.team_a.name} v ${fixture.team_b.name}`
          : FIXTURE_EDIT_LABELS.action
      }
      description={fixture?.availability ? FIXTURE_EDIT_LABELS.tellsAsked : undefined}
      submitLabel={FIXTURE_EDIT_LABELS.submit}
      busyLabel={FIXTURE_EDIT_LABELS.busy}
    >
      <TextField
        form={form}
        name="scheduled_at"
        label={FIXTURE_EDIT_LABELS.start}
        type="datetime-local"
        required
      />
      <TextField
        form={form}
        name="venue"
        label={FIXTURE_EDIT_LABELS.venue}
        maxLength={VENUE_MAX}
        required
      />
    </FormDrawer>
  );
}
