import { Shield } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

/** A team's logo, or a neutral badge when it has none. Decorative: the name sits beside it. */
export function TeamLogo({ url, className }: { url: string | null; className?: string }) {
  if (url) {
    return (
      <img
        src={url}
        alt=""
        className={cn('shrink-0 rounded-full bg-neutral-100 object-cover', className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="team-logo-placeholder"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-neutral-100 text-neutral-400',
        className,
      )}
    >
      <Shield className="size-1/2" />
    </span>
  );
}

export function TeamStatusBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? 'green' : 'gray'}>{active ? 'Active' : 'Inactive'}</Badge>;
}
