import { describe, expect, it } from 'vitest';
import { WHATSAPP_ERROR_WORDS, providerErrorWords } from './provider-errors.ts';

describe('providerErrorWords', () => {
  it.each([
    ['connect ECONNREFUSED 127.0.0.1:2601', 'The mail server could not be reached'],
    ['Connection timeout', 'The mail server did not answer in time'],
    ['getaddrinfo ENOTFOUND smtp.example.test', "The mail server's address could not be found"],
    [
      'Invalid login: 535 5.7.8 Authentication failed',
      'The mail server refused the sign-in: check its user name and password',
    ],
    ['550 5.1.1 <x@y.test>: Recipient address rejected', "The recipient's address was refused"],
    ['552 5.3.4 Message size exceeds fixed limit', 'The message is too large for the mail server'],
    ['554 5.7.1 Spam message rejected', 'The mail server refused the message'],
    ['521 5.3.2 Service not available', 'The mail server refused the message'],
    ['421 4.7.0 Try again later', 'The mail server is temporarily unavailable'],
  ])('%s → %s', (raw, words) => {
    expect(providerErrorWords(raw)).toBe(words);
  });

  it('names the provider of the channel', () => {
    expect(providerErrorWords('Webhook unreachable: fetch failed', 'sms')).toBe(
      'The SMS provider could not be reached',
    );
    expect(providerErrorWords('Webhook answered 503: busy', 'push')).toBe(
      'The push provider is temporarily unavailable',
    );
    expect(providerErrorWords('Webhook answered 400: bad number', 'sms')).toBe(
      'The SMS provider refused the message',
    );
  });

  it('leaves the product’s own reasons alone', () => {
    expect(providerErrorWords('skipped: no transport configured')).toBeNull();
    expect(providerErrorWords('cancelled before sending')).toBeNull();
  });

  it("says what Meta's WhatsApp error codes mean, whatever the channel's name", () => {
    expect(
      providerErrorWords('(#131026) Message undeliverable: Unable to deliver message.', 'whatsapp'),
    ).toBe(WHATSAPP_ERROR_WORDS[131026]);
    expect(providerErrorWords('(#132015) Template is paused', 'whatsapp')).toMatch(/paused/);
    expect(providerErrorWords('(#130429/2494055) Rate limit hit', 'whatsapp')).toMatch(/slow down/);
    // An unknown code falls back to the general rules, and then to the raw text.
    expect(providerErrorWords('(#99999) Something new', 'whatsapp')).toBeNull();
  });
});
