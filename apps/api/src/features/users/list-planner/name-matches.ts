import type { Db, NotifiedCache } from '../../../db/client';

/**
 * Which names of the user_search_names dictionary a name search matched, remembered per
 * instance (decision 011), with the route to the page their counts chose then (decision 012).
 * Matching a pattern through the trigram index was the largest part of what a name search
 * cost PostgreSQL; the names it finds change only when a name enters or leaves the
 * dictionary, which a trigger announces (NOTIFY search_names_changed). The counts are never
 * remembered: each search still reads them, so totals stay exact. The route only decides
 * speed, never the answer. While the listening connection is down nothing is remembered.
 */

/** A pattern matching more names than this is remembered without them: broad searches scan users. */
export const MAX_REMEMBERED_NAMES = 64;
const MAX_PATTERNS = 1_000;

export interface NameMatches {
  /**
   * The matched names, or null for a pattern matching more than MAX_REMEMBERED_NAMES ("a"):
   * its page is then found by scanning users, and its total summed over the dictionary by the
   * pattern again, but its Next and Previous can still seek.
   */
  names: string[] | null;
  /** The page comes from each name's newest users, not from a scan of all users newest first. */
  byName: boolean;
}

interface PerDatabase {
  patterns: Map<string, NameMatches>;
  listening: boolean;
  /** Bumped whenever the memory is emptied, so a lookup that raced a change is not kept. */
  generation: number;
}

const perDatabase = new WeakMap<Db, PerDatabase>();

function stateOf(db: Db): PerDatabase {
  let state = perDatabase.get(db);
  if (!state)
    perDatabase.set(db, (state = { patterns: new Map(), listening: false, generation: 0 }));
  return state;
}

/** Empties the memory: on every dictionary change, and after this instance changes a user. */
export function forgetNameMatches(db: Db): void {
  const state = stateOf(db);
  state.patterns.clear();
  state.generation++;
}

/** What is remembered for a pattern, with the generation a fresh lookup must be kept under. */
export function rememberedNames(db: Db, pattern: string) {
  const state = stateOf(db);
  return {
    matches: state.listening ? state.patterns.get(pattern) : undefined,
    generation: state.generation,
  };
}

export function rememberNames(db: Db, pattern: string, generation: number, matches: NameMatches) {
  const state = stateOf(db);
  if (!state.listening || generation !== state.generation) return;
  const tooMany = matches.names !== null && matches.names.length > MAX_REMEMBERED_NAMES;
  // Too many names to keep: a scan needs none of them, the names route needs every one.
  if (tooMany && matches.byName) return;
  // Oldest first out: a Map iterates in insertion order.
  if (state.patterns.size >= MAX_PATTERNS)
    state.patterns.delete(state.patterns.keys().next().value!);
  state.patterns.set(pattern, tooMany ? { names: null, byName: false } : matches);
}

/** The memory as the users routes keep it honest through NOTIFY search_names_changed. */
export function searchNamesCache(db: Db): NotifiedCache {
  return {
    forget: () => forgetNameMatches(db),
    setListening: (listening) => {
      stateOf(db).listening = listening;
      forgetNameMatches(db);
    },
  };
}
