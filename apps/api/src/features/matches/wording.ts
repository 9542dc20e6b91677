/** A moment as the messages about fixtures write it: '2030-01-05 10:00 UTC'. */
export const whenUtc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
