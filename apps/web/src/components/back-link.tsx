import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from './ui/button';

/** The 'Back' link over a record's page, to the list it belongs to. */
export function BackLink({ to }: { to: string }) {
  return (
    <Link
      to={to}
      className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-ml-3 mb-4' })}
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back
    </Link>
  );
}
