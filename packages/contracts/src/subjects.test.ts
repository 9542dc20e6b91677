import { describe, expect, it } from 'vitest';
import { disallowedCharacterMessage } from './common';
import { contactInput, contactReplyInput } from './contact-messages';
import { emailTemplateInput } from './email-templates';
import { notificationTemplateInput } from './notifications';

/** Every subject goes through lineText (common.ts): one line a person reads, as it is shown. */
const SUBJECTS = {
  'contact form': contactInput.shape.subject,
  reply: contactReplyInput.shape.subject,
  'email template': emailTemplateInput.shape.subject,
};

describe('subjects refuse what hides or reorders their text, naming the character', () => {
  it.each(Object.entries(SUBJECTS))('%s', (_, field) => {
    expect(field.parse('  Match on Sunday ')).toBe('Match on Sunday');
    for (const [text, codePoint] of [
      ['Invoice \u202Efdp.exe', 0x202e],
      ['\u202Aembedded', 0x202a],
      ['isolated \u2066x\u2069', 0x2066],
      ['\u2069 alone', 0x2069],
      ['Two\r\nlines', 0x0d],
      ['Tab\there', 0x09],
      ['C1 \u0085 here', 0x85],
    ] as const) {
      const result = field.safeParse(text);
      expect(result.success, JSON.stringify(text)).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([
        disallowedCharacterMessage(codePoint),
      ]);
    }
  });

  it('notification template', () => {
    const result = notificationTemplateInput.safeParse({
      name: 'Toss time',
      type: 'email',
      subject: 'Toss \u202Eniw',
      message: 'Ten or more characters',
    });
    expect(result.error?.issues).toMatchObject([
      { path: ['subject'], message: disallowedCharacterMessage(0x202e) },
    ]);
  });
});
