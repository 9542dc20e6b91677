import { TEAM_INITIALS_MAX, teamInput, type Team, type TeamInput } from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import toast from 'react-hot-toast';
import { SidePanel } from '@/components/side-panel';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { InfoTooltip } from '@/components/ui/info-tooltip';
import { TextField } from '@/components/ui/text-field';
import { ApiError, errorMessage } from '@/lib/http';
import { useCreateTeam } from '../api/create-team';
import { useUpdateTeam } from '../api/update-team';
import { useUploadLogo } from '../api/upload-logo';
import { LogoField } from './logo-field';
import { OwnerPicker } from './owner-picker';

const ACTIVE_TOOLTIP =
  "Toggle the team's status. Active teams are visible to players, while inactive teams are hidden.";

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

/** Spec §8: the server's message, then the error's own, then a generic line. */
function saveErrorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'An error occurred';
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
  const saving = form.formState.isSubmitting;

  useEffect(() => {
    // Every close clears the picked logo; opening only loads the team into the form.
    if (open) form.reset(formValues(team));
  }, [open, team, form]);

  function close(next: boolean) {
    if (saving) return;
    if (!next) {
      form.reset(formValues(null));
      setLogoFile(null);
    }
    onOpenChange(next);
  }

  const onSubmit = form.handleSubmit(async (values) => {
    let logoUrl = values.logo_url;
    if (logoFile) {
      try {
        logoUrl = await upload.mutateAsync(logoFile);
      } catch (error) {
        toast.error(errorMessage(error, 'Failed to upload logo file'));
        return;
      }
    }
    try {
      const body = { ...values, logo_url: logoUrl };
      if (team) {
        await update.mutateAsync({ id: team.id, values: body });
        toast.success('Team updated successfully!');
      } else {
        await create.mutateAsync(body);
        toast.success('Team created successfully!');
      }
      form.reset(formValues(null));
      setLogoFile(null);
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, messages] of Object.entries(error.errors)) {
          if (field in values && messages[0]) {
            form.setError(field as Path<TeamInput>, { message: messages[0] });
          }
        }
      }
      toast.error(saveErrorMessage(error));
    }
  });

  const ownerId = useWatch({ control: form.control, name: 'owner_id' });
  const editing = team !== null;

  return (
    <SidePanel
      open={open}
      onOpenChange={close}
      preventClose={saving}
      title={editing ? 'Edit Team' : 'Create New Team'}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={saving}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="team-form"
            busy={saving}
            busyText={editing ? 'Updating...' : 'Creating...'}
          >
            {editing ? 'Update Team' : 'Create Team'}
          </Button>
        </>
      }
    >
      <form id="team-form" onSubmit={onSubmit} noValidate className="space-y-5">
        <LogoField
          currentUrl={team?.logo_url ?? null}
          file={logoFile}
          onFileChange={setLogoFile}
          disabled={saving}
        />
        <TextField form={form} name="name" label="Team Name" required maxLength={100} />
        <TextField form={form} name="location" label="Location" required maxLength={100} />
        <TextField
          form={form}
          name="team_initials"
          label="Team Initials"
          hint="e.g. IND, AUS, PBKS"
          required
          maxLength={TEAM_INITIALS_MAX}
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
          <CheckboxField form={form} name="is_active" label="Active Team" />
          <InfoTooltip label="About Active Team" text={ACTIVE_TOOLTIP} />
        </div>
      </form>
    </SidePanel>
  );
}
