import { describe, expect, it } from 'vitest';
import { emailTemplateInput } from './email-templates';
import { notificationTemplateInput } from './notifications';
import { roleForm } from './roles';
import { teamInput } from './teams';
import { waCategoryInput } from './wa-categories';

/** Every name field goes through nameText (common.ts); these are the ones a person tells apart. */
const NAME_FIELDS = {
  'role name': roleForm.shape.name,
  'team name': teamInput.shape.name,
  'category name': waCategoryInput.shape.name,
  'email template name': emailTemplateInput.shape.name,
  'notification template name': notificationTemplateInput.in.shape.name,
};

describe('names are stored with their inner whitespace collapsed', () => {
  it.each(Object.entries(NAME_FIELDS))('%s', (_, field) => {
    for (const spaced of [
      'Mumbai  Indians',
      ' Mumbai \u2003\u3000Indians ',
      'Mumbai\u00a0 Indians',
    ])
      expect(field.parse(spaced)).toBe('Mumbai Indians');
  });

  it('still refuses a tab or a line break inside a name rather than hiding it', () => {
    expect(roleForm.shape.name.safeParse('Mumbai\tIndians').success).toBe(false);
    expect(roleForm.shape.name.safeParse('Mumbai\nIndians').success).toBe(false);
  });
});
