import { FileQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { GoBackButton } from '@/components/go-back-button';
import { StatusScreen } from '@/components/status-screen';
import { buttonClasses } from '@/components/ui/button';

export function NotFoundPage() {
  return (
    <StatusScreen
      icon={FileQuestion}
      tone="warning"
      title="Page not found"
      actions={
        <>
          <GoBackButton />
          <Link to="/" className={buttonClasses()}>
            Go to Dashboard
          </Link>
        </>
      }
    >
      The page you are looking for does not exist or has been moved.
    </StatusScreen>
  );
}
