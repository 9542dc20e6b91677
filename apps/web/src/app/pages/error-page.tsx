import { TriangleAlert } from 'lucide-react';
import { StatusScreen } from '@/components/status-screen';
import { Button } from '@/components/ui/button';

/**
 * Spec §8 generic routing failure page. A full reload is the useful action: the usual cause is
 * a page chunk that no longer exists after a new deployment.
 */
export function ErrorPage() {
  return (
    <StatusScreen
      icon={TriangleAlert}
      tone="danger"
      title="Unexpected Application Error!"
      className="min-h-[60vh]"
      actions={
        <>
          <Button onClick={() => window.location.reload()}>Reload page</Button>
          <a
            href="/"
            className="inline-flex h-10 items-center px-2 text-sm font-medium text-primary-700 hover:underline"
          >
            Go to Dashboard
          </a>
        </>
      }
    >
      Something went wrong while showing this page. Reloading usually fixes it.
    </StatusScreen>
  );
}
