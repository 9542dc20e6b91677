import { describe, expect, it } from 'vitest';
import {
  WA_SEND_MESSAGES,
  isStopMessage,
  waSendInput,
  waSendVariableProblems,
} from './notifications.ts';

describe('the WhatsApp send body', () => {
  it('wants a value for every template variable, on one line, and no unknown ones', () => {
    expect(
      waSendVariableProblems(['first_name', 'venue'], {
        first_name: '{{first_name}}',
        venue: 'Eden Gardens',
      }),
    ).toEqual({});
    expect(
      waSendVariableProblems(['first_name', 'venue'], {
        first_name: '{{team}}',
        venue: 'Eden\nGardens',
        extra: 'x',
      }),
    ).toEqual({
      first_name: expect.stringMatching(/Unknown variable \{\{team\}\}/),
      venue: WA_SEND_MESSAGES.variableOneLine,
      extra: WA_SEND_MESSAGES.variableUnknown('extra'),
    });
    expect(waSendVariableProblems(['venue'], { venue: '  ' })).toEqual({
      venue: WA_SEND_MESSAGES.variableRequired('venue'),
    });
  });

  it('takes the audience and schedule rules of every send', () => {
    const specific = waSendInput.safeParse({ recipient_type: 'specific', recipient_ids: [] });
    expect(specific.success).toBe(false);
    const ok = waSendInput.parse({ recipient_type: 'all', variables: { venue: ' Lord’s ' } });
    expect(ok).toMatchObject({
      recipient_ids: [],
      scheduled_at: null,
      variables: { venue: 'Lord’s' },
    });
  });
});

describe('isStopMessage', () => {
  it.each([
    ['STOP', true],
    ['  stop ', true],
    ['Unsubscribe', true],
    ['stop please', false],
    ['STOPP', false],
  ])('%j → %s', (text, stop) => expect(isStopMessage(text)).toBe(stop));
});
