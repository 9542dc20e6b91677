import {
  AVAILABILITY_MESSAGES,
  AVAILABILITY_REMIND_HOURS_MAX,
  AVAILABILITY_TEXTS,
  availabilityAskInput,
  type Fixture,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDrawer, useFormLifecycle } from '@/components/form-drawer';
import { TopicField } from '@/components/topic-field';
import { TextField } from '@/components/ui/text-field';
import { formatDateTime, toLocalInput } from '@/lib/format';
import { useAskAvailability } from '../api/tournament-writes';

/** The deadline box holds the browser's local time; the API takes it as an instant. */
const askForm = availabilityAskInput.extend({
  deadline: z.string().min(1, AVAILABILITY_MESSAGES.deadline),
});
type AskForm = z.input<typeof askForm>;

const HOUR = 3_600_000;

/** By default answers close a day before the start, and the silent are reminded 12 hours earlier. */
function defaults(f: Fixture | null): AskForm {
  const start = f ? new Date(f.scheduled_at) : new Date();
  return {
    deadline: toLocalInput(new Date(start.getTime() - 24 * HOUR)),
    remind_hours_before: '12',
    topic_id: '',
  };
}

interface AskAvailabilityModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fixture: Fixture | null;
}

/** 'Ask Availability' for a fixture: both squads get an email with their answer links. */
export function AskAvailabilityModal({ open, onOpenChange, fixture }: AskAvailabilityModalProps) {
  const form = useForm({
    resolver: zodResolver(askForm),
    defaultValues: defaults(null),
    reValidateMode: 'onSubmit',
  });
  const ask = useAskAvailability();
  const lifecycle = useFormLifecycle({
    form,
    open,
    onOpenChange,
    values: () => defaults(fixture),
    successText: (outcome) => String(outcome),
    failureText: AVAILABILITY_MESSAGES.askFailed,
    submit: async (values) => {
      if (!fixture) return;
      return ask.mutateAsync({
        id: fixture.id,
        values: { ...values, deadline: new Date(values.deadline).toISOString() },
      });
    },
  });

  return (
    <FormDrawer
      lifecycle={lifecycle}
      open={open}
      kind="modal"
      title="Ask Availability"
      description={
        fixture
          ? `${fixture.team_a.name} v ${fixture.team_b.name}, ${formatDateTime(fixture.scheduled_at)}. ${AVAILABILITY_TEXTS.askDescription}`
          : undefined
      }
      submitLabel="Ask Players"
      busyLabel="Asking..."
    >
      <TextField form={form} name="deadline" label="Answer by" type="datetime-local" required />
      <TextField
        form={form}
        name="remind_hours_before"
        label="Remind those who have not answered (hours before the deadline)"
        type="number"
        inputMode="numeric"
        min={0}
        max={AVAILABILITY_REMIND_HOURS_MAX}
        required
      />
      <TopicField form={form} name="topic_id" />
    </FormDrawer>
  );
}
