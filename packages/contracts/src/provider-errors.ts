/**
 * A provider's raw failure ('connect ECONNREFUSED 127.0.0.1:2601', '535 5.7.8 Authentication
 * failed') in words an administrator can act on (issue 30). The raw text stays available behind
 * 'Details': it is what the server's operator needs.
 */
export type ProviderKind = 'email' | 'sms' | 'push';

const PROVIDER_NAMES: Record<ProviderKind, string> = {
  email: 'The mail server',
  sms: 'The SMS provider',
  push: 'The push provider',
};

/** First match wins: network codes before reply codes, specific replies before their class. */
const RULES: readonly [RegExp, (provider: string) => string][] = [
  [
    /\b(ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH|EPIPE|ESOCKET)\b|connection closed|unreachable/i,
    (p) => `${p} could not be reached`,
  ],
  [
    /\b(ETIMEDOUT|ESOCKETTIMEDOUT|ECONNABORTED)\b|timed? ?out/i,
    (p) => `${p} did not answer in time`,
  ],
  [/\b(ENOTFOUND|EAI_AGAIN)\b/, (p) => `${p}'s address could not be found`],
  [
    /\bEAUTH\b|\b53[05] \d\.\d|invalid login|authentication failed/i,
    (p) => `${p} refused the sign-in: check its user name and password`,
  ],
  [
    /\b(ETLS|CERT_|SELF_SIGNED|UNABLE_TO_VERIFY)/i,
    (p) => `${p}'s secure connection could not be set up`,
  ],
  [/^\s*55[013]\b|\bEENVELOPE\b/i, () => "The recipient's address was refused"],
  [/^\s*552\b/, (p) => `The message is too large for ${p.toLowerCase()}`],
  [/answered 429\b/, (p) => `${p} asked to slow down`],
  [/^\s*5\d\d\b|answered 4\d\d\b/, (p) => `${p} refused the message`],
  [/^\s*4\d\d\b|answered 5\d\d\b/, (p) => `${p} is temporarily unavailable`],
];

/**
 * The words for a raw provider error, or null when the raw text is already the product's own
 * sentence (a reason the API wrote itself, like 'skipped: no transport configured').
 */
export function providerErrorWords(raw: string, kind: ProviderKind = 'email'): string | null {
  const provider = PROVIDER_NAMES[kind];
  for (const [pattern, words] of RULES) if (pattern.test(raw)) return words(provider);
  return null;
}
