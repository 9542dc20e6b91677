/**
 * A knockout's bracket (decision 077). Nothing of it is stored: the seeds are the tournament's
 * teams by id, which cannot change once it has fixtures, so round 1's slots follow from them, and
 * each later match is found by its two teams (two teams meet at most once in a knockout).
 */

/** Slots in the bracket: the next power of two, so every round halves the field. */
export const bracketSize = (teams: number) => 2 ** Math.ceil(Math.log2(teams));

/**
 * Seeds (1 the best) in bracket order, each pair a round-1 match: 1 v 8, 4 v 5, 2 v 7, 3 v 6 for
 * 8 slots. The two best seeds can meet only in the final, the best four only from the semis.
 */
export function seedOrder(slots: number): number[] {
  let order = [1];
  for (let size = 2; size <= slots; size *= 2)
    order = order.flatMap((seed) => [seed, size + 1 - seed]);
  return order;
}

/** A match to draw: the higher seed at home. */
export interface Draw {
  home: number;
  away: number;
}

/** A fixture as the bracket reads it: a winner counts once its result is confirmed. */
export interface BracketFixture {
  id: number;
  teamA: number;
  teamB: number;
  winner: number | null;
  locked: boolean;
}

export interface Bracket {
  roundsTotal: number;
  rounds: { round: number; fixtureIds: number[]; byes: number[] }[];
  /** The next round's matches, when the last drawn round is complete and not the final. */
  next: Draw[] | null;
  winner: number | null;
}

/**
 * The bracket of `seeds` (team ids, best first) as far as `fixtures` have drawn and decided it.
 * A fixture between two teams no bracket slot pairs (an imported one) is not part of it.
 */
export function bracketOf(seeds: readonly number[], fixtures: readonly BracketFixture[]): Bracket {
  const slots = bracketSize(seeds.length);
  const roundsTotal = Math.log2(slots);
  const seedOf = new Map(seeds.map((team, i) => [team, i]));
  const draw = (a: number, b: number): Draw =>
    seedOf.get(a)! < seedOf.get(b)! ? { home: a, away: b } : { home: b, away: a };
  const order = seedOrder(slots).map((seed) => seeds[seed - 1] ?? null);
  let pairs: [number | null, number | null][] = [];
  for (let i = 0; i < order.length; i += 2) pairs.push([order[i]!, order[i + 1]!]);

  const used = new Set<number>();
  const rounds: Bracket['rounds'] = [];
  for (let round = 1; round <= roundsTotal; round++) {
    const fixtureIds: number[] = [];
    const byes: number[] = [];
    const advancing: (number | null)[] = [];
    for (const [a, b] of pairs) {
      // Only round 1 has a slot with no team: the other team goes through.
      if (a === null || b === null) {
        const through = a ?? b;
        if (round === 1 && through !== null) byes.push(through);
        advancing.push(round === 1 ? through : null);
        continue;
      }
      const f = fixtures.find(
        (x) =>
          !used.has(x.id) && ((x.teamA === a && x.teamB === b) || (x.teamA === b && x.teamB === a)),
      );
      if (f) {
        used.add(f.id);
        fixtureIds.push(f.id);
      }
      advancing.push(f?.locked ? f.winner : null);
    }
    if (fixtureIds.length === 0) {
      const previous = rounds.at(-1);
      // The round before is complete when every pair of this one knows both its teams.
      const ready = previous !== undefined && pairs.every(([a, b]) => a !== null && b !== null);
      return {
        roundsTotal,
        rounds,
        next: ready ? pairs.map(([a, b]) => draw(a!, b!)) : null,
        winner: null,
      };
    }
    rounds.push({ round, fixtureIds, byes });
    if (round === roundsTotal) return { roundsTotal, rounds, next: null, winner: advancing[0]! };
    pairs = [];
    for (let i = 0; i < advancing.length; i += 2) pairs.push([advancing[i]!, advancing[i + 1]!]);
  }
  return { roundsTotal, rounds, next: null, winner: null };
}

/** Round 1's matches: the byes go to the top seeds, then the highest seed meets the lowest. */
export function firstRound(seeds: readonly number[]): { draws: Draw[]; byes: number } {
  const order = seedOrder(bracketSize(seeds.length));
  const draws: Draw[] = [];
  for (let i = 0; i < order.length; i += 2) {
    const [a, b] = [seeds[order[i]! - 1], seeds[order[i + 1]! - 1]];
    if (a !== undefined && b !== undefined) draws.push({ home: a, away: b });
  }
  return { draws, byes: bracketSize(seeds.length) - seeds.length };
}
