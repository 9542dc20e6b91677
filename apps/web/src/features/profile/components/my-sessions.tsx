import { ACCOUNT_MESSAGES, ACCOUNT_SUCCESS, type OwnSession } from '@cricket/contracts';
import { Monitor, Smartphone, Tablet } from 'lucide-react';
import toast from 'react-hot-toast';
import { TruncatedText } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useEndSessions, useOwnSessions } from '../api/account';

function DeviceIcon({ type }: { type: string | null }) {
  const Icon = type === 'mobile' ? Smartphone : type === 'tablet' ? Tablet : Monitor;
  return <Icon className="size-5 text-neutral-500" aria-hidden="true" />;
}

/** The signed-in person's active sessions (issue 13), each from its sign-in's device_info. */
export function MySessions() {
  const sessions = useOwnSessions();
  const end = useEndSessions();
  const flight = useSingleFlight();
  const others = (sessions.data ?? []).filter((s) => !s.current);

  function signOut(target: OwnSession | 'others') {
    void flight.run(async () => {
      try {
        await end.mutateAsync(target === 'others' ? 'others' : target.id);
        toast.success(
          target === 'others' ? ACCOUNT_SUCCESS.othersEnded : ACCOUNT_SUCCESS.sessionEnded,
        );
      } catch (error) {
        toast.error(errorMessage(error, ACCOUNT_MESSAGES.signOutFailed));
      }
    });
  }

  return (
    <Card
      title="My Sessions"
      flush
      actions={
        <Button
          variant="secondary"
          size="sm"
          disabled={others.length === 0 || flight.busy}
          onClick={() => signOut('others')}
        >
          Sign out all other sessions
        </Button>
      }
    >
      {sessions.isPending ? (
        <p role="status" className="flex items-center gap-3 p-5 text-sm text-neutral-500">
          <Spinner className="size-4 text-primary-700" />
          Loading sessions...
        </p>
      ) : sessions.isError ? (
        <div className="flex items-center justify-between gap-3 p-5 text-sm text-danger-700">
          Failed to load your sessions.
          <Button size="sm" variant="secondary" onClick={() => void sessions.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <ul aria-label="My sessions" className="divide-y divide-neutral-100">
          {sessions.data.map((s) => (
            <li
              key={s.id}
              aria-label={`${s.device_name ?? 'Unknown Device'}${s.current ? ' (this device)' : ''}`}
              className="flex flex-wrap items-center gap-3 px-5 py-4"
            >
              <DeviceIcon type={s.device_type} />
              <div className="min-w-0 flex-1">
                <div className="flex min-w-0 items-center gap-2">
                  <TruncatedText
                    text={s.device_name ?? 'Unknown Device'}
                    className="text-sm font-medium text-neutral-900"
                  />
                  {s.current && <Badge tone="green">This device</Badge>}
                </div>
                <p className="text-xs text-neutral-500">
                  {s.device_type ?? 'unknown'} · Signed in {formatDateTime(s.created_at)} · Last
                  used {formatDateTime(s.last_used_at)}
                </p>
              </div>
              {!s.current && (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={flight.busy}
                  onClick={() => signOut(s)}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
