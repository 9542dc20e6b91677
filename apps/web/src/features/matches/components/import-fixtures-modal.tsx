import {
  FIXTURE_IMPORT_CHARS_MAX,
  FIXTURE_IMPORT_LABELS,
  FIXTURE_IMPORT_MESSAGES,
  fixtureImportInput,
  fixtureImportLineOf,
  type FixtureImportInput,
  type FixturePreview,
  type Tournament,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormDrawer, KEEP_OPEN, useFormLifecycle } from '@/components/form-drawer';
import { TextAreaField } from '@/components/ui/text-area-field';
import { formatDateTime } from '@/lib/format';
import { ApiError } from '@/lib/http';
import { useImportFixtures, usePreviewFixtureImport } from '../api/tournament-writes';

/** What the last Check said of a text: the fixtures it makes, or each refused line. */
interface Checked {
  csv: string;
  message: string;
  fixtures: FixturePreview[] | null;
  problems: { line: number; message: string }[];
}

/** A refusal that names rows ('line 4'), read as the lines and their messages; else null. */
function refusedLines(error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const problems = Object.entries(error.errors).flatMap(([key, messages]) => {
    const line = fixtureImportLineOf(key);
    return line === null ? [] : messages.map((message) => ({ line, message }));
  });
  return problems.length > 0 ? problems : null;
}

const empty = (): FixtureImportInput => ({ csv: '' });

interface ImportFixturesModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tournament: Tournament;
}

/**
 * 'Import Fixtures': a CSV chosen or pasted is checked first (a dry run listing each bad row),
 * and imported only once a check of that same text found none.
 */
export function ImportFixturesModal({ open, onOpenChange, tournament }: ImportFixturesModalProps) {
  const form = useForm({
    resolver: zodResolver(fixtureImportInput),
    defaultValues: empty(),
    reValidateMode: 'onSubmit',
  });
  const csv = useWatch({ control: form.control, name: 'csv' });
  const [checked, setChecked] = useState<Checked | null>(null);
  // A check holds for the text it read: any edit asks for a new one.
  const current = checked?.csv === csv ? checked : null;
  const ready = current?.fixtures ?? null;
  const preview = usePreviewFixtureImport();
  const importing = useImportFixtures();
  const fileId = useId();

  const lifecycle = useFormLifecycle({
    form,
    open,
    onOpenChange,
    values: empty,
    successText: (outcome) => String(outcome),
    failureText: ready ? FIXTURE_IMPORT_MESSAGES.importFailed : FIXTURE_IMPORT_MESSAGES.checkFailed,
    submit: async (values) => {
      try {
        if (ready) return await importing.mutateAsync({ id: tournament.id, csv: values.csv });
        const body = await preview.mutateAsync({ id: tournament.id, csv: values.csv });
        setChecked({
          csv: values.csv,
          message: body.message,
          fixtures: body.data.fixtures,
          problems: [],
        });
        return KEEP_OPEN;
      } catch (error) {
        const problems = refusedLines(error);
        if (!problems) throw error;
        // Refused rows are the answer to a check, not a failure: they are listed, not toasted.
        setChecked({
          csv: values.csv,
          message: (error as Error).message,
          fixtures: null,
          problems,
        });
        return KEEP_OPEN;
      }
    },
  });

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // A file far past the limit is not read into the page at all.
    if (file.size > FIXTURE_IMPORT_CHARS_MAX * 4) {
      form.setError('csv', { message: FIXTURE_IMPORT_MESSAGES.csvTooLong });
      return;
    }
    form.setValue('csv', await file.text(), { shouldDirty: true });
    form.clearErrors('csv');
  }

  return (
    <FormDrawer
      lifecycle={lifecycle}
      open={open}
      kind="modal"
      size="lg"
      title={FIXTURE_IMPORT_LABELS.action}
      description={FIXTURE_IMPORT_LABELS.description}
      submitLabel={
        ready ? FIXTURE_IMPORT_LABELS.importCount(ready.length) : FIXTURE_IMPORT_LABELS.check
      }
      busyLabel={ready ? FIXTURE_IMPORT_LABELS.importing : FIXTURE_IMPORT_LABELS.checking}
    >
      <div className="space-y-1.5">
        <label htmlFor={fileId} className="block text-sm font-medium text-neutral-700">
          {FIXTURE_IMPORT_LABELS.file}
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv,text/plain"
          onChange={(event) => void readFile(event)}
          className="block w-full max-w-full text-sm text-neutral-700 file:mr-3 file:rounded-md file:border-0 file:bg-neutral-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-neutral-800 hover:file:bg-neutral-200"
        />
      </div>
      <TextAreaField
        form={form}
        name="csv"
        label={FIXTURE_IMPORT_LABELS.text}
        rows={8}
        spellCheck={false}
        required
      />
      {current && current.problems.length > 0 && (
        <div
          role="alert"
          className="space-y-2 rounded-md border border-danger-200 bg-danger-50 p-3 text-sm text-danger-700"
        >
          <p className="font-medium">{current.message}</p>
          <ul className="space-y-1">
            {current.problems.map((p, i) => (
              <li key={i} className="wrap-anywhere">
                <span className="font-medium">{FIXTURE_IMPORT_LABELS.line(p.line)}:</span>{' '}
                {p.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {ready && (
        <div className="space-y-2 text-sm">
          <p role="status" className="font-medium text-neutral-900">
            {current?.message}
          </p>
          <ul
            aria-label={FIXTURE_IMPORT_LABELS.toCreate}
            className="space-y-1 rounded-md border border-neutral-200 p-2 text-neutral-700"
          >
            {ready.map((f) => (
              <li key={f.line} className="wrap-anywhere">
                {`${formatDateTime(f.scheduled_at)} · ${f.team_a.name} v ${f.team_b.name} · ${f.venue}`}
              </li>
            ))}
          </ul>
        </div>
      )}
    </FormDrawer>
  );
}
