import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import {
  SEARCH_KINDS,
  SEARCH_KIND_LABELS,
  SEARCH_MAX_LENGTH,
  SEARCH_MESSAGES,
  SEARCH_MIN_LENGTH,
  type SearchHit,
  type SearchKind,
} from '@cricket/contracts';
import { errorMessage } from '@/lib/http';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { searchQuery } from '../api/search';
import { RECORD_HREF } from './record-href';

interface Option {
  kind: SearchKind;
  hit: SearchHit;
  href: string;
}

/** Whether a key press happened while the person was typing somewhere (then `/` is a slash). */
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The top bar's search (issue 33): a combobox (WAI-ARIA 1.2 pattern) whose list groups the
 * records found by kind. `/` or Ctrl+K (⌘K) puts the cursor in it from anywhere; arrows move
 * through the results, Enter opens one, Escape closes the list and then gives focus back to
 * where it was before the shortcut.
 */
export function GlobalSearch() {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const listId = useId();
  const statusId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  /** The highlighted result, by identity: a new answer keeps it where it still appears. */
  const [activeKey, setActiveKey] = useState<string | null>(null);

  const q = useDebouncedValue(text.trim(), 200);
  const searchable = q.length >= SEARCH_MIN_LENGTH;
  const results = useQuery({ ...searchQuery(q), enabled: open && searchable });

  const options = useMemo<Option[]>(() => {
    if (!searchable || !results.data) return [];
    return SEARCH_KINDS.flatMap((kind) =>
      (results.data[kind] ?? []).map((hit) => ({ kind, hit, href: RECORD_HREF[kind](hit) })),
    );
  }, [results.data, searchable]);

  const keyOf = (option: Option) => `${option.kind}-${option.hit._id}`;
  const found = options.findIndex((option) => keyOf(option) === activeKey);
  const active = found >= 0 ? found : options.length > 0 ? 0 : -1;
  const setActive = (index: number) => {
    const option = options[index];
    if (option) setActiveKey(keyOf(option));
  };

  // `/` and Ctrl+K from anywhere on the page, from the moment the box is on screen: a layout
  // effect, since a passive one waits behind the first screen's rendering on a busy machine.
  useLayoutEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const shortcut =
        (event.key === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey) ||
        (event.key === '/' && !event.ctrlKey && !event.metaKey && !typingIn(event.target));
      if (!shortcut || event.defaultPrevented) return;
      event.preventDefault();
      if (document.activeElement !== inputRef.current)
        returnFocusTo.current = document.activeElement as HTMLElement | null;
      inputRef.current?.focus();
      inputRef.current?.select();
      setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // A click anywhere else closes the list.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const go = (option: Option) => {
    setOpen(false);
    returnFocusTo.current = null;
    inputRef.current?.blur();
    void navigate(option.href, { state: { id: option.hit._id } });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((active + step + options.length) % options.length);
    } else if (event.key === 'Home' && open && options.length > 0) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === 'End' && open && options.length > 0) {
      event.preventDefault();
      setActive(options.length - 1);
    } else if (event.key === 'Enter') {
      const option = options[active];
      if (open && option) {
        event.preventDefault();
        go(option);
      }
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (open) {
        setOpen(false);
      } else {
        setText('');
        const back = returnFocusTo.current;
        returnFocusTo.current = null;
        if (back && document.contains(back)) back.focus();
        else inputRef.current?.blur();
      }
    }
  };

  const status = !searchable
    ? text.trim().length > 0
      ? SEARCH_MESSAGES.tooShort
      : SEARCH_MESSAGES.shortcut
    : results.isError
      ? errorMessage(results.error, SEARCH_MESSAGES.failed)
      : results.isPending || (results.isFetching && results.isPlaceholderData)
        ? SEARCH_MESSAGES.searching
        : options.length === 0
          ? SEARCH_MESSAGES.nothingFound(q)
          : SEARCH_MESSAGES.found(options.length);
  const expanded = open && text.trim().length > 0;
  const optionId = (i: number) => `${listId}-option-${i}`;

  let index = -1;
  return (
    <div ref={rootRef} role="search" className="relative min-w-0 flex-1 sm:max-w-sm">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-500"
        aria-hidden="true"
      />
      <input
        ref={inputRef}
        type="search"
        role="combobox"
        aria-label={SEARCH_MESSAGES.label}
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-describedby={statusId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-keyshortcuts="/ Control+K"
        placeholder={SEARCH_MESSAGES.placeholder}
        autoComplete="off"
        spellCheck={false}
        maxLength={SEARCH_MAX_LENGTH}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className="h-9 w-full rounded-lg border border-neutral-200 bg-neutral-50 pr-3 pl-9 text-sm placeholder:text-neutral-500 focus:border-primary-600 focus:bg-surface focus:ring-2 focus:ring-primary-600/20 focus:outline-none"
      />
      <p id={statusId} className="sr-only" aria-live="polite">
        {expanded ? status : ''}
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label={SEARCH_MESSAGES.label}
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-40 mt-1 max-h-[70vh] min-w-64 overflow-y-auto rounded-lg border border-neutral-200 bg-surface p-1 shadow-lg"
      >
        {options.length === 0 ? (
          <p role="presentation" className="px-3 py-2 text-sm text-neutral-600">
            {status}
          </p>
        ) : (
          SEARCH_KINDS.filter((kind) => (results.data?.[kind]?.length ?? 0) > 0).map((kind) => (
            <div key={kind} role="group" aria-labelledby={`${listId}-${kind}`}>
              <p
                id={`${listId}-${kind}`}
                role="presentation"
                className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-neutral-600 uppercase"
              >
                {SEARCH_KIND_LABELS[kind]}
              </p>
              {results.data![kind]!.map((hit) => {
                index += 1;
                const i = index;
                const option = options[i]!;
                return (
                  // Keys reach the options through the input (aria-activedescendant), as the
                  // combobox pattern has it: an option never takes focus itself.
                  // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
                  <div
                    key={`${kind}-${hit._id}`}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    onPointerDown={(event) => event.preventDefault()}
                    onClick={() => go(option)}
                    onPointerMove={() => setActive(i)}
                    className={`cursor-pointer rounded-md px-3 py-1.5 text-sm ${
                      i === active ? 'bg-primary-50 text-primary-800' : 'text-neutral-800'
                    }`}
                  >
                    <span className="block truncate font-medium">{hit.name}</span>
                    {hit.detail ? (
                      <span className="block truncate text-xs text-neutral-600">{hit.detail}</span>
                    ) : null}
                  </div>
                );
              })}
            </div>
          ))
        )}
      </div>
    </div>
  );
}
