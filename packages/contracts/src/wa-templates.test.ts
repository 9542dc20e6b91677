import { describe, expect, it } from 'vitest';
import { slugify, waCategoryInput, WA_CATEGORY_MESSAGES } from './wa-categories';
import {
  checkWaTemplate,
  fillWaSamples,
  toWaTemplateName,
  waTemplateVariables,
  WA_RULE_MESSAGES as R,
} from './wa-rules';
import { waTemplateInput, WA_TEMPLATE_MESSAGES as M, type WaTemplateInput } from './wa-templates';

describe('category slug rule (spec §5 "Category")', () => {
  it.each([
    ['Match Updates', 'match-updates'],
    ['  Hello -- World!! ', 'hello-world'],
    ['Hello---World', 'hello-world'],
    ['Tab\tand\nnewline', 'tab-and-newline'],
    ['🏏 Cricket 🏏 News', 'cricket-news'],
    ['IPL 2026 Final', 'ipl-2026-final'],
    ['2026', '2026'],
    ['Café Crème', 'cafe-creme'],
    ['मैच अपडेट', ''],
    ['मैच Updates', 'updates'],
    ['--Already-a-slug--', 'already-a-slug'],
    ['under_score & more', 'underscore-more'],
    ['', ''],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
    if (slug) expect(waCategoryInput.shape.slug.safeParse(slug).success).toBe(true);
  });

  const category = (over: Record<string, unknown>) =>
    waCategoryInput.safeParse({ name: 'Match Updates', slug: 'match-updates', order: 0, ...over });

  it('accepts a trimmed category and stores empty icon and description as absent', () => {
    const parsed = category({ name: '  Payments ', icon: ' ', description: '', order: 'abc' });
    expect(parsed.success && parsed.data).toEqual({
      name: 'Payments',
      slug: 'match-updates',
      icon: undefined,
      description: undefined,
      order: 0,
      status: 'active',
    });
    expect(category({ icon: '🏏' }).success).toBe(true);
    expect(category({ icon: '🇮🇳' }).success).toBe(true);
  });

  it.each([
    [{ name: '' }, WA_CATEGORY_MESSAGES.nameRequired],
    [{ name: ' a ' }, WA_CATEGORY_MESSAGES.nameMin],
    [{ slug: '' }, WA_CATEGORY_MESSAGES.slugRequired],
    [{ slug: 'Match Updates' }, WA_CATEGORY_MESSAGES.slugFormat],
    [{ slug: 'match_updates' }, WA_CATEGORY_MESSAGES.slugFormat],
    [{ icon: '🏏🏏🏏' }, WA_CATEGORY_MESSAGES.iconMax],
    [{ icon: 'abc' }, WA_CATEGORY_MESSAGES.iconMax],
    [{ order: -1 }, WA_CATEGORY_MESSAGES.orderMin],
    [{ order: 1.5 }, WA_CATEGORY_MESSAGES.orderInteger],
    [{ status: 'archived' }, WA_CATEGORY_MESSAGES.status],
  ])('refuses %j', (over, message) => {
    const parsed = category(over);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(message);
  });
});

const VALID: WaTemplateInput = {
  name: 'match_reminder',
  category: 1,
  type: 'text',
  template_language: 'en_US',
  status: 'draft',
  header_type: 'text',
  header_content: 'Match day for {{team}}',
  body_text: 'Hello {{name}}, your match against {{opponent}} starts at {{time}} today. Good luck!',
  footer_text: 'Reply STOP to opt out',
  buttons: [
    { type: 'quick_reply', text: 'Count me in' },
    { type: 'quick_reply', text: 'Not this time' },
    { type: 'url', text: 'Match details', url: 'https://cricket.example.com/matches/{{match_id}}' },
  ],
  sample_values: {
    team: 'Mumbai Mavericks',
    name: 'Asha',
    opponent: 'Delhi Daredevils',
    time: '6 PM',
    match_id: '42',
  },
};

const qr = (text: string) => ({ type: 'quick_reply' as const, text });
const link = (text: string, url = 'https://example.com') => ({ type: 'url' as const, text, url });
const call = (text: string, phone_number = '+919876543210') => ({
  type: 'phone_number' as const,
  text,
  phone_number,
});

describe('WhatsApp template rules', () => {
  it('accepts a template that follows every rule, dropping what does not apply', () => {
    const parsed = waTemplateInput.safeParse(VALID);
    expect(parsed.error?.issues).toBeUndefined();
    expect(checkWaTemplate(VALID).every((c) => c.status === 'pass')).toBe(true);

    const image = waTemplateInput.parse({
      ...VALID,
      type: 'image',
      media_url: '/uploads/whatsapp_templates/0b8e.png',
      sample_values: { ...VALID.sample_values, unused: 'x' },
    });
    expect(image.header_type).toBe('image');
    expect(image.header_content).toBeUndefined();
    expect(image.sample_values).toEqual({
      name: 'Asha',
      opponent: 'Delhi Daredevils',
      time: '6 PM',
      match_id: '42',
    });
    expect(
      waTemplateInput.parse({ ...VALID, buttons: [call('Call us', '+91 98765 43210')] }).buttons,
    ).toEqual([{ type: 'phone_number', text: 'Call us', phone_number: '+919876543210' }]);
  });

  it.each<[string, Partial<WaTemplateInput>]>([
    ['a name with digits and underscores', { name: 'ipl_2026_final_v2' }],
    ['a header with one variable', { header_content: 'Hello {{team}}' }],
    ['no header', { header_type: 'none', header_content: 'ignored **' }],
    ['a body without variables', { body_text: 'Plain message', header_type: 'none' }],
    [
      'a variable followed by punctuation at the end',
      {
        body_text: 'Your code is {{code}}.',
        header_type: 'none',
        buttons: [],
        sample_values: { code: '1234' },
      },
    ],
    [
      'call-to-action buttons first, then quick replies',
      { buttons: [link('Open'), call('Call'), qr('Thanks')] },
    ],
    [
      'two url buttons and one phone button',
      { buttons: [link('One'), link('Two'), call('Three')] },
    ],
    [
      'numbered variables 1 to 3, one used twice',
      {
        header_content: 'Match {{1}}',
        body_text: 'Hi {{1}}, your match vs {{2}} starts at {{3}}, {{1}}. Good luck!',
        buttons: [link('Open', 'https://example.com/m/{{1}}')],
        sample_values: { 1: 'Asha', 2: 'Delhi', 3: '6 PM' },
      },
    ],
    ['a footer of exactly 60 characters', { footer_text: 'x'.repeat(60) }],
    [
      'a body of exactly 1024 characters',
      { body_text: `Hello ${'x'.repeat(1018)}`, header_type: 'none', buttons: [] },
    ],
  ])('passes: %s', (_, over) => {
    const parsed = waTemplateInput.safeParse({ ...VALID, ...over });
    expect(parsed.error?.issues).toBeUndefined();
  });

  const B = VALID.body_text;
  const INVALID: [string, Partial<WaTemplateInput>, string, string?][] = [
    // The back-office's field limits (spec §5).
    ['no name', { name: '' }, M.nameRequired],
    ['a two-letter name', { name: 'ab' }, M.nameMin],
    ['no category', { category: '' as unknown as number }, M.categoryRequired],
    ['an unknown type', { type: 'audio' as never }, M.type],
    ['an unknown language', { template_language: 'fr_FR' as never }, M.language],
    ['an unknown status', { status: 'live' as never }, M.status],
    ['an empty body', { body_text: '  ' }, M.bodyRequired],
    ['a 1025-character body', { body_text: `Hello ${'x'.repeat(1019)}` }, R.bodyMax],
    ['a 61-character footer', { footer_text: 'x'.repeat(61) }, R.footerMax],
    ['four buttons', { buttons: [qr('A'), qr('B'), qr('C'), qr('D')] }, R.buttonsMax],
    ['a button without text', { buttons: [qr(' ')] }, R.buttonTextRequired, 'buttons.0.text'],
    ['a 26-character button text', { buttons: [qr('x'.repeat(26))] }, R.buttonTextMax],
    ['a url button without URL', { buttons: [link('Open', '')] }, R.urlRequired, 'buttons.0.url'],
    ['an ftp URL', { buttons: [link('Open', 'ftp://example.com')] }, R.urlInvalid],
    ['a URL without host', { buttons: [link('Open', 'https://')] }, R.urlInvalid],
    ['a javascript: URL', { buttons: [link('Open', 'javascript:alert(1)')] }, R.urlInvalid],
    ['a phone button without number', { buttons: [call('Call', '')] }, R.phoneRequired],
    ['a phone number with letters', { buttons: [call('Call', '+91 CALL NOW')] }, R.phoneInvalid],
    ['a five-digit phone number', { buttons: [call('Call', '12345')] }, R.phoneInvalid],
    [
      'an unknown button type',
      { buttons: [{ type: 'copy_code' as never, text: 'Copy' }] },
      M.buttonType,
    ],
    ['a text header left empty', { header_type: 'text', header_content: '' }, M.headerRequired],
    ['an image header on a text template', { header_type: 'image' }, M.headerType],
    [
      'an image template without media',
      { type: 'image', media_url: null },
      M.mediaRequired('image'),
    ],
    ['a document template without media', { type: 'document' }, M.mediaRequired('document')],
    [
      'media from elsewhere',
      { type: 'video', media_url: 'https://evil.example.com/a.mp4' },
      M.mediaNotUploaded,
    ],
    [
      'media climbing out of its folder',
      { type: 'image', media_url: '/uploads/whatsapp_templates/../x.png' },
      M.mediaNotUploaded,
    ],
    // WhatsApp's name rule.
    ['a name with capitals and a space', { name: 'Match Reminder' }, R.nameFormat, 'name'],
    ['a name with a hyphen', { name: 'match-reminder' }, R.nameFormat],
    ['a name with an accent', { name: 'café_news' }, R.nameFormat],
    ['a 513-character name', { name: 'a'.repeat(513) }, R.nameLength],
    // Text header.
    ['a 61-character header', { header_content: 'x'.repeat(61) }, R.headerLength, 'header_content'],
    [
      'a header with two variables',
      { header_content: '{{team}} vs {{opponent}}' },
      R.headerOneVariable,
    ],
    ['a header with a line break', { header_content: 'Match\nday' }, R.headerLineBreaks],
    ['a header with an emoji', { header_content: 'Match day 🏏' }, R.headerEmoji],
    ['a header with a flag', { header_content: 'Go 🇮🇳' }, R.headerEmoji],
    ['a bold header', { header_content: '*Match day*' }, R.headerFormatting],
    ['an italic header', { header_content: '_Match day_' }, R.headerFormatting],
    ['a struck-through header', { header_content: '~Match day~' }, R.headerFormatting],
    ['a malformed header variable', { header_content: 'Hi {{team}' }, R.malformed],
    // Variables.
    [
      'a variable with one closing brace',
      { body_text: `${B} See you {{name}!` },
      R.malformed,
      'body_text',
    ],
    ['a variable with one opening brace', { body_text: `${B} See you {name}} soon` }, R.malformed],
    ['triple braces', { body_text: `${B} See you {{{name}}} soon` }, R.malformed],
    ['empty braces', { body_text: `${B} See you {{}} soon` }, R.malformed],
    ['a capitalised variable', { body_text: `${B} See you {{Name}} soon` }, R.variableName('Name')],
    [
      'a variable with a space',
      { body_text: `${B} See you {{first name}} soon` },
      R.variableName('first name'),
    ],
    [
      'a variable with a hyphen',
      { body_text: `${B} See you {{first-name}} soon` },
      R.variableName('first-name'),
    ],
    [
      'a positional variable with a dot',
      { body_text: `${B} Code {{1.5}} ok` },
      R.variableName('1.5'),
    ],
    [
      'numbered variables from {{0}} to {{3}}',
      { body_text: `${B} Code {{0}} for {{1}}, seat {{2}} in row {{3}} ok` },
      R.numberedVariables(4),
      'body_text',
    ],
    ['a lone {{0}}', { body_text: `${B} Code {{0}} ok` }, R.numberedVariables(1)],
    [
      'numbered variables with a gap',
      { body_text: `${B} Code {{1}} for seat {{3}} ok` },
      R.numberedVariables(2),
    ],
    [
      'a numbered variable written {{01}}',
      { body_text: `${B} Code {{01}} ok` },
      R.numberedVariables(1),
    ],
    [
      'a header numbered {{2}}',
      { header_content: 'Match {{2}}' },
      R.numberedVariables(1),
      'header_content',
    ],
    [
      'a URL numbered {{0}}',
      { buttons: [link('Open', 'https://example.com/m/{{0}}')] },
      R.numberedVariables(1),
      'buttons.0.url',
    ],
    [
      'two variables touching',
      { body_text: `Hello {{name}}{{opponent}} and more words here` },
      R.adjacent('name', 'opponent'),
    ],
    [
      'two variables with only a space between',
      { body_text: `Hello {{name}} {{opponent}} and more words here` },
      R.adjacent('name', 'opponent'),
    ],
    [
      'a body starting with a variable',
      { body_text: `{{name}}, your match starts soon. Good luck today!` },
      R.bodyStart,
    ],
    [
      'a body ending with a variable',
      { body_text: `Your match today starts at {{time}}` },
      R.bodyEnd,
    ],
    [
      'a body starting with a variable after spaces',
      { body_text: `  {{name}} your match starts soon, good luck today!` },
      R.bodyStart,
    ],
    // Footer and buttons.
    [
      'a footer with a variable',
      { footer_text: 'Sent to {{name}}' },
      R.footerVariables,
      'footer_text',
    ],
    ['a footer with a broken variable', { footer_text: 'Sent to {{name}' }, R.malformed],
    ['a button text with a variable', { buttons: [qr('Yes {{name}}')] }, R.buttonVariables],
    [
      'two buttons with the same text',
      { buttons: [qr('Yes'), qr('yes')] },
      R.buttonDuplicate,
      'buttons.1.text',
    ],
    [
      'quick replies around a url button',
      { buttons: [qr('Yes'), link('Open'), qr('No')] },
      R.buttonGroups,
      'buttons',
    ],
    [
      'a url button between quick replies',
      { buttons: [link('Open'), qr('Yes'), call('Call')] },
      R.buttonGroups,
    ],
    ['two phone buttons', { buttons: [call('Call us'), call('Call them')] }, R.phoneButtons],
    ['three url buttons', { buttons: [link('One'), link('Two'), link('Three')] }, R.urlButtons],
    [
      'a URL with two variables',
      { buttons: [link('Open', 'https://example.com/{{a}}/{{b}}')] },
      R.urlVariable,
    ],
    [
      'a URL with a variable in the middle',
      { buttons: [link('Open', 'https://example.com/{{match_id}}/score')] },
      R.urlVariable,
    ],
    [
      'a URL with a variable as the host',
      { buttons: [link('Open', 'https://{{host}}.example.com/x')] },
      R.urlVariable,
    ],
    // Sample values.
    [
      'a body variable without sample',
      { sample_values: { ...VALID.sample_values, time: '' } },
      R.sampleMissing('time'),
      'sample_values.time',
    ],
    [
      'a header variable without sample',
      { sample_values: { ...VALID.sample_values, team: '  ' } },
      R.sampleMissing('team'),
    ],
    [
      'a url variable without sample',
      { sample_values: { ...VALID.sample_values, match_id: undefined as never } },
      R.sampleMissing('match_id'),
    ],
    ['no samples at all', { sample_values: {} }, R.sampleMissing('team')],
    [
      'a sample too long',
      { sample_values: { ...VALID.sample_values, name: 'x'.repeat(201) } },
      M.sampleMax,
    ],
  ];

  it('has at least 40 invalid templates', () => expect(INVALID.length).toBeGreaterThanOrEqual(40));

  it.each(INVALID)('refuses %s', (_, over, message, path) => {
    const parsed = waTemplateInput.safeParse({ ...VALID, ...over });
    expect(parsed.success).toBe(false);
    const issues = parsed.error!.issues.map((i) => ({
      message: i.message,
      path: i.path.join('.'),
    }));
    expect(issues.map((i) => i.message)).toContain(message);
    if (path) expect(issues.find((i) => i.message === message)?.path).toBe(path);
  });

  it('reports every broken rule at once, a missing category included', () => {
    const parsed = waTemplateInput.safeParse({
      ...VALID,
      category: '',
      name: 'Match Reminder',
      footer_text: 'x'.repeat(61),
    });
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining([M.categoryRequired, R.nameFormat, R.footerMax]),
    );
  });

  it('warns, without refusing, about many variables in a short body', () => {
    const draft = {
      ...VALID,
      body_text: 'Hi {{name}}, {{opponent}} at {{time}}.',
    };
    const density = checkWaTemplate(draft).find((c) => c.rule === 'variable_density');
    expect(density?.status).toBe('warn');
    expect(density?.message).toBe(R.density);
    expect(waTemplateInput.safeParse(draft).success).toBe(true);
    const roomy = checkWaTemplate(VALID).find((c) => c.rule === 'variable_density');
    expect(roomy?.status).toBe('pass');
  });

  it('skips header rules without a text header and reports each failure in the checklist', () => {
    const checks = checkWaTemplate({ ...VALID, type: 'image', header_content: '*🏏*\n' });
    expect(checks.find((c) => c.rule === 'header_emoji')?.status).toBe('skip');
    const failing = checkWaTemplate({ ...VALID, name: 'Match Reminder', footer_text: '{{x}}' });
    expect(failing.filter((c) => c.status === 'fail').map((c) => c.rule)).toEqual([
      'name_format',
      'footer_no_variables',
    ]);
  });

  it.each<[string, Partial<WaTemplateInput>, string]>([
    ['three empty buttons', { buttons: [qr(''), qr(' '), qr('')] }, 'buttons_complete'],
    ['a 26-character button text', { buttons: [qr('x'.repeat(26))] }, 'buttons_complete'],
    ['a url button without URL', { buttons: [link('Open', '')] }, 'buttons_complete'],
    ['a phone number with letters', { buttons: [call('Call', '+91 CALL')] }, 'buttons_complete'],
    ['four buttons', { buttons: [qr('A'), qr('B'), qr('C'), qr('D')] }, 'button_counts'],
    ['a 61-character footer', { footer_text: 'x'.repeat(61) }, 'footer_length'],
    ['a 1025-character body', { body_text: `Hello ${'x'.repeat(1019)}` }, 'body_length'],
  ])('the checklist fails a row for %s, which stops a save too', (_, over, rule) => {
    const draft = { ...VALID, ...over };
    expect(waTemplateInput.safeParse(draft).success).toBe(false);
    const checks = checkWaTemplate(draft);
    expect(checks.filter((c) => c.status === 'fail').map((c) => c.rule)).toEqual([rule]);
  });

  it('offers a name WhatsApp accepts', () => {
    expect(toWaTemplateName('Match Reminder')).toBe('match_reminder');
    expect(toWaTemplateName('  IPL 2026 -- Final!! ')).toBe('ipl_2026_final');
    expect(toWaTemplateName('Café')).toBe('cafe');
  });

  it('lists variables once in reading order and fills samples for the preview', () => {
    expect(waTemplateVariables(VALID)).toEqual(['team', 'name', 'opponent', 'time', 'match_id']);
    expect(fillWaSamples('Hi {{name}}, see {{where}}', { name: 'Asha' })).toBe(
      'Hi Asha, see {{where}}',
    );
  });
});
