import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { controlClasses } from '@/components/ui/field-frame';
import { cn } from '@/lib/cn';

interface SearchBoxProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search field at the top of a picker (owners, players, recipients). */
export function SearchBox({ label, placeholder, value, onChange }: SearchBoxProps) {
  return (
    <div className="relative mb-4">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400"
        aria-hidden="true"
      />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cn(controlClasses, 'h-10 pl-9')}
      />
    </div>
  );
}

/** 'Loading...' or the empty text, shown in place of a picker's list. */
export function PickerNotice({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <p role={loading ? 'status' : undefined} className="py-8 text-center text-sm text-neutral-500">
      {loading ? 'Loading...' : children}
    </p>
  );
}
