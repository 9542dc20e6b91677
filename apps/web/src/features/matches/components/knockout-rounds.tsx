import { KNOCKOUT_LABELS, type Fixture, type KnockoutBracket } from '@cricket/contracts';
import { Trophy } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { formatDate } from '@/lib/format';

function outcome(f: Fixture) {
  if (f.result_type === null) return KNOCKOUT_LABELS.notPlayed;
  if (!f.locked || !f.winner) return KNOCKOUT_LABELS.waiting;
  return f.result_type === 'tie'
    ? KNOCKOUT_LABELS.wonTie(f.winner.name)
    : KNOCKOUT_LABELS.won(f.winner.name);
}

/**
 * A knockout's rounds in place of a points table (decision 077): each drawn round's matches in
 * bracket order with their winners, round 1's byes, the seeds, and the winner once the final is
 * confirmed. A list of rounds rather than a drawn bracket: it reads the same at any width.
 */
export function KnockoutRounds({
  bracket,
  fixtures,
}: {
  bracket: KnockoutBracket;
  fixtures: readonly Fixture[];
}) {
  const byId = new Map(fixtures.map((f) => [f.id, f]));
  return (
    <section aria-labelledby="rounds-heading" className="space-y-3">
      <h2 id="rounds-heading" className="text-lg font-semibold text-neutral-900">
        {KNOCKOUT_LABELS.rounds}
      </h2>
      {bracket.winner && (
        <Card>
          <p className="flex items-center gap-2 text-base text-neutral-900">
            <Trophy className="size-5 shrink-0 text-primary-700" aria-hidden="true" />
            <span className="wrap-anywhere">
              {`${KNOCKOUT_LABELS.winner}: `}
              <strong>{bracket.winner.name}</strong>
            </span>
          </p>
        </Card>
      )}
      {bracket.rounds.length === 0 ? (
        <Card>
          <p className="text-sm text-neutral-500">{KNOCKOUT_LABELS.notDrawn}</p>
        </Card>
      ) : (
        <ol className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {bracket.rounds.map((round) => (
            <li key={round.round}>
              <Card className="h-full">
                <h3 className="text-base font-semibold text-neutral-900">{round.label}</h3>
                <ul className="mt-3 space-y-3">
                  {round.fixture_ids.map((id) => {
                    const f = byId.get(id);
                    if (!f) return null;
                    return (
                      <li key={id} className="text-sm">
                        <span className="block font-medium wrap-anywhere text-neutral-900">
                          {`${f.team_a.name} v ${f.team_b.name}`}
                        </span>
                        <span className="block text-neutral-600">
                          {`${formatDate(f.scheduled_at)} · ${outcome(f)}`}
                        </span>
                      </li>
                    );
                  })}
                  {round.byes.map((team) => (
                    <li key={`bye-${team.id}`} className="flex items-center gap-2 text-sm">
                      <span className="font-medium wrap-anywhere text-neutral-900">
                        {team.name}
                      </span>
                      <Badge>{KNOCKOUT_LABELS.bye}</Badge>
                    </li>
                  ))}
                </ul>
              </Card>
            </li>
          ))}
        </ol>
      )}
      <p className="text-sm text-neutral-600">
        {`${KNOCKOUT_LABELS.seeds}: ${bracket.seeds.map((team, i) => `${i + 1}. ${team.name}`).join(', ')}. ${KNOCKOUT_LABELS.seedsNote}`}
      </p>
    </section>
  );
}
