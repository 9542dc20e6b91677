import {
  type Team,
  TEAM_INITIALS_MAX,
  TEAM_LOCATION_MAX,
  TEAM_MESSAGES,
  TEAM_NAME_MAX,
  TEAM_SUCCESS,
  type TeamInput,
  teamInput,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { FormDrawer, KEEP_OPEN, useFormLifecycle } from '@/components/form-drawer';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { InfoTooltip } from '@/components/ui/info-tooltip';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/http';
import { useCreateTeam } from '../api/create-team';
import { getTeam } from '../api/get-team';
import { useUpdateTeam } from '../api/update-team';
import { useUploadLogo } from '../api/upload-logo';
import { LogoField } from './logo-field';
import { OwnerPicker } from './owner-picker';

const ACTIVE_TOOLTIP =
  "Toggle the team's status. Active teams are visible to players, while inactive teams are hidden.";

/** The form's labels, also naming the fields someone else changed (decision 059). */
const FIELD_LABELS = {
  name: 'Team Name',
  location: 'Location',
  team_initials: 'Team Initials',
  logo_url: 'Logo',
  owner_id: 'Owner',
  is_active: 'Active Team',
};

function formValues(team: Team | null): TeamInput {
  return {
    name: team?.name ?? '',
    location: team?.location ?? '',
    team_initials: team?.team_initials ?? '',
    is_active: team?.is_active ?? true,
    add_me: false,
    logo_url: team?.logo_url ?? null,
    owner_id: team?.owner_id ?? (undefined as unknown as number),
  };
}

interface TeamFormPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The team to edit; null creates one. */
  team: Team | null;
}

/** Spec §2 "Team create/edit panel". */
export function TeamFormPanel({ open, onOpenChange, team }: TeamFormPanelProps) {
  const form = useForm({
    resolver: zodResolver(teamInput),
    defaultValues: formValues(null),
    reValidateMode: 'onSubmit',
  });
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const upload = useUploadLogo();
  const create = useCreateTeam();
  const update = useUpdateTeam();
  const editing = team !== null;

  const lifecycle = useFormLifecycle({
    form,
    open,
    onOpenChange: (next) => {
      // Every close drops the picked logo.
      if (!next) setLogoFile(null);
      onOpenChange(next);
    },
    values: () => formValues(team),
    changed: logoFile !== null,
    version: team
      ? {
          updatedAt: team.updated_at,
          reload: async () => {
            const { team: theirs } = await getTeam(team.id, { page: 1, limit: 1 });
            return { values: formValues(theirs), updatedAt: theirs.updated_at };
          },
          labels: FIELD_LABELS,
        }
      : undefined,
    successText: editing ? TEAM_SUCCESS.updated : TEAM_SUCCESS.created,
    failureText: editing ? TEAM_MESSAGES.updateFailed : TEAM_MESSAGES.createFailed,
    submit: async (values, ifMatch) => {
      let logoUrl = values.logo_url;
      if (logoFile) {
        try {
          logoUrl = await upload.mutateAsync(logoFile);
        } catch (error) {
          toast.error(errorMessage(error, TEAM_MESSAGES.logoUploadFailed));
          return KEEP_OPEN;
        }
      }
      const body = { ...values, logo_url: logoUrl };
      if (team) await update.mutateAsync({ id: team.id, values: body, ifMatch });
      else await create.mutateAsync(body);
      setLogoFile(null);
    },
  });
  const saving = lifecycle.saving;
  const ownerId = useWatch({ control: form.control, name: 'owner_id' });

  return (
    <FormDrawer
      lifecycle={lifecycle}
      open={open}
      title={editing ? 'Edit Team' : 'Create New Team'}
      submitLabel={editing ? 'Update Team' : 'Create Team'}
      busyLabel={editing ? 'Updating...' : 'Creating...'}
    >
      <LogoField
        currentUrl={team?.logo_url ?? null}
        file={logoFile}
        onFileChange={setLogoFile}
        disabled={saving}
      />
      <TextField
        form={form}
        name="name"
        label={FIELD_LABELS.name}
        maxLength={TEAM_NAME_MAX}
        required
      />
      <TextField
        form={form}
        name="location"
        label={FIELD_LABELS.location}
        maxLength={TEAM_LOCATION_MAX}
        required
      />
      <TextField
        form={form}
        name="team_initials"
        label={FIELD_LABELS.team_initials}
        hint="e.g. IND, AUS, PBKS"
        maxLength={TEAM_INITIALS_MAX}
        required
        className="[&_input]:uppercase"
        onChange={(event) => {
          event.target.value = event.target.value.toUpperCase();
        }}
      />
      <OwnerPicker
        value={ownerId}
        disabled={saving}
        error={form.formState.errors.owner_id?.message}
        onChange={(owner) => {
          form.clearErrors('owner_id');
          form.setValue('owner_id', owner.id, { shouldDirty: true });
        }}
      />
      <div className="flex items-start gap-2">
        <CheckboxField form={form} name="is_active" label={FIELD_LABELS.is_active} />
        <InfoTooltip label="About Active Team" text={ACTIVE_TOOLTIP} />
      </div>
    </FormDrawer>
  );
}
