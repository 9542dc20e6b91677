import { ballsForRunRate, type Innings, type PointsTableRow } from '@cricket/contracts';

export interface TableTeam {
  id: number;
  name: string;
}

/** A confirmed result, as the table counts it. */
export interface CountedResult {
  teamA: number;
  teamB: number;
  resultType: 'win' | 'tie' | 'no_result';
  a: Innings | null;
  b: Innings | null;
}

export interface PointsRules {
  overs: number;
  win: number;
  tie: number;
  noResult: number;
  loss: number;
}

/**
 * The points table: points for each result, less penalties; net run rate by the ICC rule (runs
 * scored per over faced less runs conceded per over bowled, over all matches with a result, a
 * side bowled out counting its full quota). Ordered by points, then net run rate, then wins,
 * then name.
 */
export function pointsTable(
  teams: readonly TableTeam[],
  results: readonly CountedResult[],
  penalties: ReadonlyMap<number, number>,
  rules: PointsRules,
): PointsTableRow[] {
  const rows = new Map(
    teams.map((team) => [
      team.id,
      {
        team,
        played: 0,
        won: 0,
        lost: 0,
        tied: 0,
        no_result: 0,
        scored: 0,
        faced: 0,
        conceded: 0,
        bowled: 0,
      },
    ]),
  );
  for (const r of results) {
    const a = rows.get(r.teamA);
    const b = rows.get(r.teamB);
    if (!a || !b) continue;
    a.played++;
    b.played++;
    if (r.resultType === 'no_result' || !r.a || !r.b) {
      a.no_result++;
      b.no_result++;
      continue;
    }
    if (r.resultType === 'tie') {
      a.tied++;
      b.tied++;
    } else if (r.a.runs > r.b.runs) {
      a.won++;
      b.lost++;
    } else {
      b.won++;
      a.lost++;
    }
    const aBalls = ballsForRunRate(r.a, rules.overs);
    const bBalls = ballsForRunRate(r.b, rules.overs);
    a.scored += r.a.runs;
    a.faced += aBalls;
    a.conceded += r.b.runs;
    a.bowled += bBalls;
    b.scored += r.b.runs;
    b.faced += bBalls;
    b.conceded += r.a.runs;
    b.bowled += aBalls;
  }
  const perOver = (runs: number, balls: number) => (balls === 0 ? 0 : (runs * 6) / balls);
  return [...rows.values()]
    .map((row): PointsTableRow => {
      const penalty = penalties.get(row.team.id) ?? 0;
      const nrr = perOver(row.scored, row.faced) - perOver(row.conceded, row.bowled);
      return {
        team: row.team,
        played: row.played,
        won: row.won,
        lost: row.lost,
        tied: row.tied,
        no_result: row.no_result,
        penalties: penalty,
        points:
          row.won * rules.win +
          row.tied * rules.tie +
          row.no_result * rules.noResult +
          row.lost * rules.loss -
          penalty,
        net_run_rate: Math.round(nrr * 1000) / 1000,
      };
    })
    .sort(
      (x, y) =>
        y.points - x.points ||
        y.net_run_rate - x.net_run_rate ||
        y.won - x.won ||
        x.team.name.localeCompare(y.team.name),
    );
}
