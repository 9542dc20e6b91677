/**
 * A provider's raw failure ('connect ECONNREFUSED 127.0.0.1:2601', '535 5.7.8 Authentication
 * failed') in words an administrator can act on (issue 30). The raw text stays available behind
 * 'Details': it is what the server's operator needs.
 */
export type ProviderKind = 'email' | 'sms' | 'push' | 'whatsapp';

const PROVIDER_NAMES: Record<ProviderKind, string> = {
  email: 'The mail server',
  sms: 'The SMS provider',
  push: 'The push provider',
  whatsapp: 'WhatsApp',
};

/**
 * Meta's Cloud API error codes, as recorded on a delivery (`(#131026) Message undeliverable: …`,
 * the form GraphApiError.describe() writes), in what they mean for the administrator. Source:
 * Meta's "Cloud API error codes" reference.
 */
export const WHATSAPP_ERROR_WORDS: Record<number, string> = {
  130429: 'WhatsApp asked to slow down: the messages-per-second limit was reached',
  131056: 'Too many messages to this person in a short time: WhatsApp asked to wait',
  131026:
    'WhatsApp could not deliver to this number: it may not be on WhatsApp, or the person has not accepted the latest terms',
  131047:
    'More than 24 hours have passed since the person last wrote: only a template can reach them',
  132015:
    'The template is paused by Meta because of low quality: it cannot be sent until Meta reinstates it',
  132016: 'The template is disabled by Meta after being paused too often: it can no longer be sent',
  132001: 'The template does not exist in this language at Meta, or is not approved yet',
  132000: 'The number of variables sent does not match the template',
  131049: 'Meta did not deliver this marketing message, to keep engagement healthy',
  131050: 'The person has stopped marketing messages from this business',
  190: 'The WhatsApp access token is invalid or has expired',
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
  const meta = /\(#(\d+)[/)]/.exec(raw);
  const known = meta ? WHATSAPP_ERROR_WORDS[Number(meta[1])] : undefined;
  if (known) return known;
  for (const [pattern, words] of RULES) if (pattern.test(raw)) return words(provider);
  return null;
}
