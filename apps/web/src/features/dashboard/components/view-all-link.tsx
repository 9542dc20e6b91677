import { Link } from 'react-router';

/** 'View All' in a card header; `label` says what, for screen-reader link lists. */
export function ViewAllLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      aria-label={label}
      className="text-sm font-medium text-primary-700 hover:underline"
    >
      View All
    </Link>
  );
}
