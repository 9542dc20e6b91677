/** A moment as the messages about fixtures write it: '2030-01-05 10:00 UTC'. */
export const whenUtc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A tournament's page in the web app, by its record convention (`/tournaments/view?id=N`). */
export const tournamentRecordPath = (id: number) => `/tournaments/view?id=${id}`;
