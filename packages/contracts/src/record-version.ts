// Plain values with no zod behind them: the web's HTTP client imports them (decision 059).

/**
 * A record's version (decision 059): its `updated_at` to the millisecond, as a weak entity tag.
 * The API sends it as the `ETag` of a record's GET and PUT; a client sends it back in
 * `If-Match` on PUT and DELETE, and a record changed since answers 412.
 */
export function recordEtag(updatedAt: string | Date): string {
  const at = typeof updatedAt === 'string' ? Date.parse(updatedAt) : updatedAt.getTime();
  return `W/"${at}"`;
}

export const ETAG_HEADER = 'etag';
export const IF_MATCH_HEADER = 'if-match';

/** The status of a write whose If-Match names a version the record no longer has. */
export const RECORD_CHANGED_STATUS = 412;

export const RECORD_VERSION_MESSAGES = {
  changed: 'This record was changed by someone else.',
  changedHint:
    'Reload to see their version; your changes to these fields will be replaced by theirs.',
  reload: 'Reload',
  field: 'Field',
  theirs: 'Theirs',
  yours: 'Yours',
  empty: '(empty)',
  yes: 'Yes',
  no: 'No',
} as const;
