import {
  fullName,
  PERSONAL_DATA_MESSAGES,
  PERSONAL_DATA_SUCCESS,
  personalDataFileName,
  TIME_ZONE_TEXTS,
  type User,
  USER_ERRORS,
} from '@cricket/contracts';
import {
  ArrowLeft,
  Download,
  Eraser,
  KeyRound,
  Pencil,
  TriangleAlert,
  UserRound,
  UserX,
} from 'lucide-react';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { useConfirmDelete } from '@/components/confirm-dialog';
import { DetailItem } from '@/components/detail-item';
import { RecordHistory } from '@/components/record-history';
import { StatusScreen } from '@/components/status-screen';
import { usePanelState } from '@/components/use-panel-state';
import { lazyPanel } from '@/components/lazy-panel';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDate, formatDateTime } from '@/lib/format';
import { saveJsonFile } from '@/lib/download';
import { ApiError, errorMessage } from '@/lib/http';
import { useRecordId } from '@/lib/record-route';
import { useCan, useSession } from '@/lib/session';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useEraseUser } from '../api/erase-user';
import { getPersonalData } from '../api/get-personal-data';
import { useUser } from '../api/get-user';
import { UserMessagingSection } from './user-messaging-section';
import { UserStatusBadge } from './user-status-badge';

const UserFormPanel = lazyPanel(
  () => import('./user-form-panel').then((m) => m.UserFormPanel),
  (p) => p.open,
);
const SetPasswordPanel = lazyPanel(
  () => import('./set-password-panel').then((m) => m.SetPasswordPanel),
  (p) => p.open,
);

const backToUsers = (
  <Link to="/users" className={buttonClasses({ variant: 'secondary' })}>
    <ArrowLeft className="size-4" aria-hidden="true" />
    Back to Users
  </Link>
);

/** Spec §2 "User profile": /users/view?id=N, so a reload or a shared link shows the same user. */
export function UserProfilePage() {
  const id = useRecordId();
  const user = useUser(id);

  if (id === null || (user.error instanceof ApiError && user.error.status === 404)) {
    return (
      <StatusScreen icon={UserX} tone="warning" title="User not found" actions={backToUsers}>
        The user you are looking for does not exist or has been deleted.
      </StatusScreen>
    );
  }
  if (user.isPending) {
    return (
      <p
        role="status"
        className="flex items-center justify-center gap-3 py-24 text-sm text-neutral-500"
      >
        <Spinner className="size-5 text-primary-700" />
        Loading user...
      </p>
    );
  }
  if (user.isError) {
    return (
      <StatusScreen
        icon={TriangleAlert}
        tone="danger"
        title={USER_ERRORS.loadFailed}
        actions={
          <Button onClick={() => void user.refetch()} busy={user.isFetching}>
            Retry
          </Button>
        }
      >
        {errorMessage(user.error, USER_ERRORS.loadFailedHint)}
      </StatusScreen>
    );
  }
  return <UserProfile user={user.data} />;
}

function UserProfile({ user }: { user: User }) {
  const canUpdate = useCan('users.update') && user.erased_at === null;
  const canViewMessaging = useCan('messaging.view');
  const canExport = useCan('users.export_data');
  const session = useSession();
  // Nobody erases themselves (the API refuses it too): the button is not offered.
  const erased = user.erased_at !== null;
  // An erased user has nothing left to edit or erase: the profile says so instead.
  const canErase = useCan('users.erase') && session.user?.id !== user.id && !erased;
  const panel = usePanelState<'edit' | 'set-password'>();
  const d = user.details;
  const name = fullName(d);
  const download = useSingleFlight();
  const eraseUser = useEraseUser();
  const erase = useConfirmDelete<User>({
    run: (u) => eraseUser.mutateAsync({ id: u.id, confirm: u.details.email }),
    title: PERSONAL_DATA_MESSAGES.eraseTitle(name),
    description: () => PERSONAL_DATA_MESSAGES.eraseDescription,
    typed: (u) => ({
      label: PERSONAL_DATA_MESSAGES.eraseConfirmLabel(u.details.email),
      expected: u.details.email,
    }),
    confirmLabel: PERSONAL_DATA_MESSAGES.eraseLabel,
    successText: (u) => PERSONAL_DATA_SUCCESS.erased(u.id),
    failureText: PERSONAL_DATA_MESSAGES.eraseFailed,
  });

  function downloadPersonalData(click: { detail: number }) {
    void download.run(async () => {
      try {
        saveJsonFile(personalDataFileName(user.id), await getPersonalData(user.id));
        toast.success(PERSONAL_DATA_SUCCESS.exported);
      } catch (error) {
        toast.error(errorMessage(error, PERSONAL_DATA_MESSAGES.exportFailed));
      }
    }, click);
  }
  const details: [label: string, value: ReactNode][] = [
    ['Email', d.email],
    ['Phone', user.phone_number],
    ['Role', <span className="capitalize">{user.role}</span>],
    ['Date of Birth', formatDate(d.date_of_birth)],
    ['Gender', d.gender],
    ['Address', d.address],
    ['City', d.city],
    ['State', d.state],
    ['Country', d.country],
    ['Pincode', d.pincode],
    [TIME_ZONE_TEXTS.label, user.time_zone ?? TIME_ZONE_TEXTS.organisationDefault],
    ['Account Created On', formatDateTime(user.created_at)],
  ];

  return (
    <>
      {erased && (
        <p
          role="note"
          className="mb-4 rounded-lg border border-neutral-200 bg-neutral-100 px-4 py-3 text-sm text-neutral-700"
        >
          {PERSONAL_DATA_MESSAGES.erasedNote(formatDateTime(user.erased_at!))}
        </p>
      )}
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <Link
          to="/users"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-neutral-600 hover:text-neutral-900"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Users
        </Link>
        <div className="flex flex-wrap gap-2">
          {canExport && (
            <Button
              variant="secondary"
              onClick={downloadPersonalData}
              busy={download.busy}
              busyText="Preparing..."
            >
              <Download className="size-4" aria-hidden="true" />
              {PERSONAL_DATA_MESSAGES.downloadLabel}
            </Button>
          )}
          {canErase && (
            <Button variant="danger" onClick={() => erase.ask(user)}>
              <Eraser className="size-4" aria-hidden="true" />
              {PERSONAL_DATA_MESSAGES.eraseLabel}
            </Button>
          )}
          {canUpdate && (
            <>
              <Button variant="secondary" onClick={() => panel.open('set-password')}>
                <KeyRound className="size-4" aria-hidden="true" />
                Set Password
              </Button>
              <Button onClick={() => panel.open('edit')}>
                <Pencil className="size-4" aria-hidden="true" />
                Edit
              </Button>
            </>
          )}
        </div>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-1">
          <div className="flex flex-col items-center text-center">
            <div className="flex size-28 items-center justify-center overflow-hidden rounded-full border border-neutral-200 bg-neutral-50">
              {d.profile_picture ? (
                <img src={d.profile_picture} alt={name} className="size-full object-cover" />
              ) : (
                <UserRound className="size-12 text-neutral-400" aria-hidden="true" />
              )}
            </div>
            <h1 className="mt-4 w-full text-xl font-semibold break-words text-neutral-900">
              {name}
            </h1>
            <p className="mt-1 text-sm text-neutral-500 capitalize">{user.role}</p>
            <div className="mt-3">
              <UserStatusBadge status={user.status} />
            </div>
          </div>
        </Card>

        <Card title="User Details" className="lg:col-span-2">
          <dl className="grid gap-5 sm:grid-cols-2">
            {details.map(([label, value]) => (
              <DetailItem key={label} label={label} fallback="Not provided">
                {value}
              </DetailItem>
            ))}
          </dl>
        </Card>
        {canViewMessaging && <UserMessagingSection userId={user.id} className="lg:col-span-3" />}
        <RecordHistory entityType="user" entityId={user.id} className="lg:col-span-3" />
      </div>
      {erase.dialog}

      {canUpdate && (
        <>
          <UserFormPanel
            mode="edit"
            open={panel.isOpen('edit')}
            onOpenChange={panel.onOpenChange}
            user={user}
          />
          <SetPasswordPanel
            user={user}
            open={panel.isOpen('set-password')}
            onOpenChange={panel.onOpenChange}
          />
        </>
      )}
    </>
  );
}
