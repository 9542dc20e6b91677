/**
 * A single round-robin: every pair of teams meets once, in rounds in which no team plays twice,
 * and a round is one match day. Home and away are balanced: each team's home and away games
 * differ by at most one (by none when the number of games is even).
 */
export interface Pairing {
  round: number;
  home: number;
  away: number;
}

export function roundRobin(teamIds: readonly number[]): Pairing[] {
  return teamIds.length % 2 === 1 ? oddRoundRobin(teamIds) : circle(teamIds);
}

/**
 * An odd number of teams: positions i and j meet in round (i + j) mod n (the team with 2i ≡ r
 * rests), and the earlier position is at home when i + j is odd: every team is at home in
 * exactly half its games.
 */
function oddRoundRobin(teamIds: readonly number[]): Pairing[] {
  const n = teamIds.length;
  const pairings: Pairing[] = [];
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const homeFirst = (i + j) % 2 === 1;
      pairings.push({
        round: (i + j) % n,
        home: teamIds[homeFirst ? i : j]!,
        away: teamIds[homeFirst ? j : i]!,
      });
    }
  return pairings.sort((x, y) => x.round - y.round);
}

function circle(teamIds: readonly number[]): Pairing[] {
  const slots = [...teamIds];
  const n = slots.length;
  const pairings: Pairing[] = [];
  // The circle method: n − 1 rounds of n / 2 pairings.
  for (let round = 0; round < n - 1; round++) {
    for (let i = 0; i < n / 2; i++) {
      const a = slots[i];
      const b = slots[n - 1 - i];
      if (a === undefined || b === undefined) continue;
      // The pinned first slot swaps sides every round; the rotating ones swap by position,
      // which alternates as they move round the circle.
      const swap = i === 0 ? round % 2 === 1 : i % 2 === 1;
      pairings.push({ round, home: swap ? b : a, away: swap ? a : b });
    }
    // Keep slot 0, rotate the rest one place clockwise.
    slots.splice(1, 0, slots.pop()!);
  }
  return pairings;
}

/**
 * The match days (ISO weekdays, 1 Monday … 7 Sunday) from `start` to `end` inclusive, as
 * `YYYY-MM-DD`, at most `limit` of them.
 */
export function matchDates(start: string, end: string, weekdays: readonly number[], limit: number) {
  const days = new Set(weekdays);
  const out: string[] = [];
  const last = Date.parse(`${end}T00:00:00Z`);
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= last && out.length < limit; t += 86_400_000) {
    const weekday = ((new Date(t).getUTCDay() + 6) % 7) + 1;
    if (days.has(weekday)) out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}
