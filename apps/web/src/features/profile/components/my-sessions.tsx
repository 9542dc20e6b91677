import { ACCOUNT_MESSAGES, ACCOUNT_SUCCESS, type OwnSession } from '@cricket/contracts';
import { Monitor, Smartphone, Tablet } from 'lucide-react';
import toast from 'react-hot-toast';
import { TruncatedText } from '@/components/data-table';
import { ListFailure, ListNote, ListPager, useListPage } from '@/components/list-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { TimeAgo } from '@/components/time-ago';
import { formatDateTime, statusLabel } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { useSingleFlight } from '@/lib/use-single-flight';
import { ownSessionsQuery, useEndSessions } from '../api/account';

/** 'Chrome on Windows' from the user agent, else the name the sign-in sent (spec §3). */
const deviceName = (s: OwnSession) => s.device ?? s.device_name ?? 'Unknown Device';

function DeviceIcon({ type }: { type: string | null }) {
  const Icon = type === 'mobile' ? Smartphone : type === 'tablet' ? Tablet : Monitor;
  return <Icon className="size-5 text-neutral-500" aria-hidden="true" />;
}

/**
 * The signed-in person's active sessions (issue 13), each from its sign-in's device_info: a
 * list like any other, paged through the list kit (the page is in the URL).
 */
export function MySessions() {
  const list = useListPage({
    query: ({ page, limit }) => ownSessionsQuery({ page, limit }),
    errorText: ACCOUNT_MESSAGES.sessionsFailed,
  });
  const end = useEndSessions();
  const flight = useSingleFlight();
  // This device's session is always among the live ones: any beyond it are others.
  const hasOthers = (list.pagination?.total ?? 0) > 1;

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
          disabled={!hasOthers || flight.busy}
          onClick={() => signOut('others')}
        >
          Sign out all other sessions
        </Button>
      }
    >
      <ListNote list={list} />
      {list.firstLoad ? (
        <p role="status" className="flex items-center gap-3 p-5 text-sm text-neutral-500">
          <Spinner className="size-4 text-primary-700" />
          Loading sessions...
        </p>
      ) : list.failed ? (
        <ListFailure list={list} />
      ) : (
        <ul
          aria-label="My sessions"
          aria-busy={list.loading || undefined}
          className={cn('divide-y divide-neutral-100', list.loading && 'opacity-50')}
        >
          {list.rows.map((s) => (
            <li
              key={s.id}
              aria-label={`${deviceName(s)}${s.current ? ' (this device)' : ''}`}
              className="flex flex-wrap items-center gap-3 px-5 py-4"
            >
              <DeviceIcon type={s.device_type} />
              <div className="min-w-0 flex-1">
                <div className="flex min-w-0 items-center gap-2">
                  <TruncatedText
                    text={deviceName(s)}
                    className="text-sm font-medium text-neutral-900"
                  />
                  {s.current && <Badge tone="green">This device</Badge>}
                </div>
                <p className="text-xs text-neutral-500">
                  {statusLabel(s.device_type ?? 'unknown')} · Signed in{' '}
                  {formatDateTime(s.created_at)} · Last used <TimeAgo value={s.last_used_at} />
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
      <ListPager list={list} />
    </Card>
  );
}
