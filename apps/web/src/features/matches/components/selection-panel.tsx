import {
  AVAILABILITY_LABELS,
  SELECTION_MESSAGES,
  SELECTION_SLOT_LABELS,
  SELECTION_SLOTS,
  SELECTION_SUCCESS,
  SELECTION_TEXTS,
  XI_SIZE,
  type Fixture,
  type SelectionCandidate,
  type SelectionSlot,
  type TeamSelection,
} from '@cricket/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDrawer, KEEP_OPEN, useFormLifecycle } from '@/components/form-drawer';
import { ListError } from '@/components/list-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { useSingleFlight } from '@/lib/use-single-flight';
import { selectionQuery } from '../api/availability';
import {
  useChangeLeaders,
  usePromoteReserve,
  usePublishSheet,
  useSaveSelection,
} from '../api/tournament-writes';

/** The form: each squad member's slot ('' for not picked), the captain and the keeper. */
interface SelectionForm {
  slots: Record<string, SelectionSlot | ''>;
  captain_id: string;
  wicket_keeper_id: string;
}

function formValues(selection: TeamSelection | undefined): SelectionForm {
  const candidates = selection?.candidates ?? [];
  return {
    slots: Object.fromEntries(candidates.map((c) => [String(c.user_id), c.slot ?? ''])),
    captain_id: String(candidates.find((c) => c.is_captain)?.user_id ?? ''),
    wicket_keeper_id: String(candidates.find((c) => c.is_wicket_keeper)?.user_id ?? ''),
  };
}

/** Why a player cannot be picked, if they cannot. */
const barred = (c: SelectionCandidate) =>
  c.suspended ? 'Suspended' : c.availability === 'not_available' ? 'Not available' : null;

const SLOT_OPTIONS = SELECTION_SLOTS.map((slot) => ({
  value: slot,
  label: SELECTION_SLOT_LABELS[slot],
}));

interface SelectionPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fixture: Fixture | null;
  /** The team to pick first (the availability grid's); the fixture's first team otherwise. */
  teamId?: number;
}

/**
 * 'Pick Team' for a fixture (issue 36): one team's squad with each player's answer, a slot for
 * each (XI, 12th man, reserve), the captain and the keeper; then 'Publish Team Sheet' tells the
 * picked players (and, if chosen, the others) and closes the team's answers.
 */
export function SelectionPanel({
  open,
  onOpenChange,
  fixture,
  teamId: chosenTeam,
}: SelectionPanelProps) {
  const id = useId();
  const firstTeam = chosenTeam ?? fixture?.team_a.id ?? 0;
  const [teamId, setTeamId] = useState(firstTeam);
  const [shownFor, setShownFor] = useState(`${fixture?.id}:${firstTeam}`);
  if (fixture && shownFor !== `${fixture.id}:${firstTeam}`) {
    setShownFor(`${fixture.id}:${firstTeam}`);
    setTeamId(firstTeam);
  }
  const selection = useQuery({
    ...selectionQuery(fixture?.id ?? 0, teamId),
    enabled: open && fixture !== null && teamId > 0,
  });
  const form = useForm<SelectionForm>({ defaultValues: formValues(undefined) });
  const save = useSaveSelection();
  const changeLeaders = useChangeLeaders();
  const publish = usePublishSheet();
  const flight = useSingleFlight();
  const [askPublish, setAskPublish] = useState(false);
  const [tellOthers, setTellOthers] = useState(false);
  const published = selection.data?.published_at ?? null;

  const lifecycle = useFormLifecycle({
    form,
    open,
    onOpenChange,
    values: () => formValues(selection.data),
    successText: SELECTION_SUCCESS.saved,
    failureText: published ? SELECTION_MESSAGES.leadersFailed : SELECTION_MESSAGES.saveFailed,
    submit: async (values) => {
      if (!fixture) return;
      const optional = (v: string) => (v === '' ? null : Number(v));
      if (published) {
        // The sheet is out: only its captain and keeper change.
        const done = await changeLeaders.mutateAsync({
          id: fixture.id,
          values: {
            team_id: teamId,
            captain_id: optional(values.captain_id),
            wicket_keeper_id: optional(values.wicket_keeper_id),
          },
        });
        form.reset(formValues(done.selection));
        toast.success(done.message);
        return KEEP_OPEN;
      }
      const picked = (slot: SelectionSlot) =>
        (selection.data?.candidates ?? [])
          .filter((c) => values.slots[String(c.user_id)] === slot)
          .map((c) => c.user_id);
      const saved = await save.mutateAsync({
        id: fixture.id,
        values: {
          team_id: teamId,
          xi: picked('xi'),
          twelfth: picked('twelfth')[0] ?? null,
          reserves: picked('reserve'),
          captain_id: optional(values.captain_id),
          wicket_keeper_id: optional(values.wicket_keeper_id),
        },
      });
      form.reset(formValues(saved));
      // Saved, the panel stays open with its new values: publishing comes next.
      toast.success(SELECTION_SUCCESS.saved);
      return KEEP_OPEN;
    },
  });
  // The squad arrives after the panel opens, and again for the other team or after a save.
  const loaded = selection.data;
  useEffect(() => {
    if (loaded) form.reset(formValues(loaded));
  }, [loaded, form]);
  const slots = useWatch({ control: form.control, name: 'slots' });
  const xi = (selection.data?.candidates ?? []).filter((c) => slots?.[String(c.user_id)] === 'xi');
  // A player who withdrew after the sheet cannot lead it.
  const xiOptions = xi
    .filter((c) => !c.withdrawn)
    .map((c) => ({ value: String(c.user_id), label: c.name }));
  const savedPicks = (selection.data?.candidates ?? []).some((c) => c.slot !== null);

  const teams = fixture ? [fixture.team_a, fixture.team_b] : [];
  return (
    <FormDrawer
      lifecycle={lifecycle}
      open={open}
      title="Pick Team"
      description={
        fixture
          ? `${fixture.team_a.name} v ${fixture.team_b.name}, ${formatDateTime(fixture.scheduled_at)}`
          : undefined
      }
      submitLabel={published ? SELECTION_TEXTS.saveLeaders : 'Save Selection'}
      busyLabel="Saving..."
      ready={selection.isSuccess}
    >
      <div className="space-y-1.5">
        <label htmlFor={`${id}-team`} className="block text-sm font-medium text-neutral-700">
          Team
        </label>
        <Select
          id={`${id}-team`}
          value={String(teamId)}
          onChange={(value) => setTeamId(Number(value))}
          disabled={lifecycle.saving}
          options={teams.map((t) => ({ value: String(t.id), label: t.name }))}
        />
      </div>
      {selection.isPending ? (
        <p role="status" className="flex items-center gap-3 py-6 text-sm text-neutral-500">
          <Spinner className="size-5 text-primary-700" />
          Loading...
        </p>
      ) : selection.isError ? (
        <ListError
          error={selection.error}
          fallback={SELECTION_MESSAGES.fetchFailed}
          onRetry={() => void selection.refetch()}
          retrying={selection.isFetching}
        />
      ) : (
        <>
          {published && (
            <p role="status" className="rounded-md bg-primary-50 p-3 text-sm text-primary-800">
              Team sheet published {formatDateTime(published)}: the players are fixed.
            </p>
          )}
          {published && fixture && (
            <Withdrawals
              matchId={fixture.id}
              teamId={teamId}
              candidates={selection.data.candidates}
            />
          )}
          {published === null && (
            <div className="flex flex-wrap items-center gap-3">
              <Button
                size="sm"
                variant="secondary"
                disabled={lifecycle.saving}
                onClick={() => {
                  // Fills the XI from the top of the squad with those who said yes and are free.
                  let room = XI_SIZE - xi.length;
                  for (const c of selection.data.candidates) {
                    if (room === 0) break;
                    const name = `slots.${c.user_id}` as const;
                    if (c.availability !== 'available' || barred(c) || form.getValues(name))
                      continue;
                    form.setValue(name, 'xi', { shouldDirty: true });
                    room--;
                  }
                }}
              >
                {SELECTION_TEXTS.pickAvailable}
              </Button>
              <span className="text-xs text-neutral-500">{SELECTION_TEXTS.pickAvailableHint}</span>
            </div>
          )}
          <p role="status" className="text-sm text-neutral-600">
            {`Playing XI: ${xi.length} of ${XI_SIZE}`}
            {(['twelfth', 'reserve'] as const).map((slot) => {
              const n = Object.values(slots ?? {}).filter((v) => v === slot).length;
              return n ? ` · ${SELECTION_SLOT_LABELS[slot]}: ${n}` : '';
            })}
          </p>
          {selection.data.candidates.length === 0 ? (
            <p className="text-sm text-neutral-500">This team has no players in its squad.</p>
          ) : (
            <ul
              aria-label="Squad"
              className="divide-y divide-neutral-100 rounded-lg border border-neutral-200"
            >
              {selection.data.candidates.map((c) => (
                <li key={c.user_id} className="flex flex-wrap items-center gap-3 px-3 py-2">
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-neutral-900">
                      {c.name}
                    </span>
                    <span className="mt-0.5 flex gap-1">
                      <Badge tone={c.availability === 'available' ? 'green' : 'gray'}>
                        {c.availability ? AVAILABILITY_LABELS[c.availability] : 'Not asked'}
                      </Badge>
                      {c.suspended && <Badge tone="red">Suspended</Badge>}
                      {c.withdrawn && <Badge tone="red">Withdrawn</Badge>}
                    </span>
                  </span>
                  <SlotSelect
                    form={form}
                    candidate={c}
                    disabled={published !== null || barred(c) !== null || lifecycle.saving}
                  />
                </li>
              ))}
            </ul>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              form={form}
              name="captain_id"
              label="Captain"
              placeholder="None"
              options={xiOptions}
            />
            <SelectField
              form={form}
              name="wicket_keeper_id"
              label="Wicket keeper"
              placeholder="None"
              options={xiOptions}
            />
          </div>
          {published && <p className="text-xs text-neutral-500">{SELECTION_TEXTS.leadersHint}</p>}
          {published === null && (
            <div className="border-t border-neutral-100 pt-4">
              <Button
                variant="secondary"
                disabled={!savedPicks || form.formState.isDirty}
                onClick={() => setAskPublish(true)}
              >
                Publish Team Sheet
              </Button>
              <p className="mt-1 text-xs text-neutral-500">
                {form.formState.isDirty
                  ? 'Save the selection first.'
                  : 'Tells each picked player by email; the team’s availability answers close.'}
              </p>
            </div>
          )}
        </>
      )}
      <ConfirmDialog
        open={askPublish}
        onOpenChange={setAskPublish}
        title="Publish Team Sheet"
        tone="primary"
        description="Each picked player is told by email. The selection cannot change afterwards."
        details={
          <label className="mt-3 flex items-center gap-2 text-sm text-neutral-700">
            <input
              type="checkbox"
              checked={tellOthers}
              onChange={(event) => setTellOthers(event.target.checked)}
              className="size-4 accent-primary-700"
            />
            Also tell the players not picked
          </label>
        }
        confirmLabel="Publish"
        busy={flight.busy}
        onConfirm={() =>
          void flight.run(async () => {
            if (!fixture) return;
            try {
              toast.success(
                await publish.mutateAsync({
                  id: fixture.id,
                  values: { team_id: teamId, notify_unselected: tellOthers },
                }),
              );
              setAskPublish(false);
            } catch (error) {
              toast.error(errorMessage(error, SELECTION_MESSAGES.publishFailed));
            }
          })
        }
      />
    </FormDrawer>
  );
}

/** One squad member's slot: not picked, the XI, 12th man or a reserve. */
function SlotSelect({
  form,
  candidate,
  disabled,
}: {
  form: ReturnType<typeof useForm<SelectionForm>>;
  candidate: SelectionCandidate;
  disabled: boolean;
}) {
  const name = `slots.${candidate.user_id}` as const;
  const value = useWatch({ control: form.control, name }) ?? '';
  return (
    <Select
      aria-label={`Slot of ${candidate.name}`}
      value={value}
      onChange={(next) => form.setValue(name, next as SelectionSlot | '', { shouldDirty: true })}
      disabled={disabled}
      placeholder={barred(candidate) ?? 'Not picked'}
      emptyOption
      options={SLOT_OPTIONS}
      className="w-40"
    />
  );
}

/**
 * After the sheet is out (decision 076): each picked player who withdrew, with a button per
 * available reserve that puts that reserve in their place at once.
 */
function Withdrawals({
  matchId,
  teamId,
  candidates,
}: {
  matchId: number;
  teamId: number;
  candidates: SelectionCandidate[];
}) {
  const promote = usePromoteReserve();
  const flight = useSingleFlight();
  const out = candidates.filter((c) => c.withdrawn && c.slot !== 'reserve');
  const reserves = candidates.filter(
    (c) => c.slot === 'reserve' && !c.withdrawn && barred(c) === null,
  );
  if (out.length === 0) return null;
  return (
    <section aria-label="Withdrawals" className="space-y-3 rounded-md border border-danger-200 p-3">
      {out.map((c) => (
        <div key={c.user_id} className="space-y-2">
          <p className="text-sm font-medium text-neutral-900">
            {`${c.name} (${[
              SELECTION_SLOT_LABELS[c.slot ?? 'xi'],
              c.is_captain && 'captain',
              c.is_wicket_keeper && 'wicket keeper',
            ]
              .filter(Boolean)
              .join(', ')}) withdrew.`}
            {(c.is_captain || c.is_wicket_keeper) && ' Name who takes their role below.'}
          </p>
          {reserves.length === 0 ? (
            <p className="text-sm text-neutral-600">No reserve is available to take the place.</p>
          ) : (
            <div className="flex flex-wrap gap-2">
              {reserves.map((r) => (
                <Button
                  key={r.user_id}
                  size="sm"
                  variant="secondary"
                  busy={flight.busy}
                  onClick={(click) =>
                    void flight.run(async () => {
                      try {
                        const done = await promote.mutateAsync({
                          id: matchId,
                          values: {
                            team_id: teamId,
                            withdrawn_id: c.user_id,
                            reserve_id: r.user_id,
                          },
                        });
                        toast.success(done.message);
                      } catch (error) {
                        toast.error(errorMessage(error, SELECTION_MESSAGES.promoteFailed));
                      }
                    }, click)
                  }
                >
                  {`Promote ${r.name}`}
                </Button>
              ))}
            </div>
          )}
        </div>
      ))}
    </section>
  );
}
