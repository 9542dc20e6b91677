/**
 * The rules a template's content must meet: the back-office's limits for body, footer and
 * buttons (spec §5) and WhatsApp's own rules, so a template Meta would reject is caught here
 * with a clear message before anyone submits it. One checker for the editor's live checklist
 * (as you type) and for the API (on save, through `waTemplateInput`), so the checklist lists
 * everything about the content that can stop a save. Sources: Meta's "Message templates"
 * guidelines and components reference (names, header text, named parameters, buttons).
 */

/** Spec §5 and §9 limits. */
export const WA_BODY_MAX = 1024;
export const WA_FOOTER_MAX = 60;
export const WA_BUTTONS_MAX = 3;
export const WA_BUTTON_TEXT_MAX = 25;
export const WA_URL_MAX = 2000;

export const WA_TEMPLATE_NAME_MAX = 512;
export const WA_HEADER_TEXT_MAX = 60;
export const WA_MAX_PHONE_BUTTONS = 1;
export const WA_MAX_URL_BUTTONS = 2;

/** The parts of a template the rules read; every part may be missing while a form is filled. */
export interface WaTemplateDraft {
  name?: string | null;
  type?: string | null;
  header_type?: string | null;
  header_content?: string | null;
  body_text?: string | null;
  footer_text?: string | null;
  buttons?:
    | readonly {
        type?: string | null;
        text?: string | null;
        url?: string | null;
        phone_number?: string | null;
      }[]
    | null;
  sample_values?: Readonly<Record<string, string | null | undefined>> | null;
}

export const WA_RULES = {
  name_format: 'Name uses only lowercase letters, numbers and underscores',
  name_length: `Name is at most ${WA_TEMPLATE_NAME_MAX} characters`,
  header_length: `Text header is at most ${WA_HEADER_TEXT_MAX} characters`,
  header_one_variable: 'Text header has at most one variable',
  header_line_breaks: 'Text header has no line breaks',
  header_emoji: 'Text header has no emoji',
  header_formatting: 'Text header has no * _ ~ formatting',
  variable_format:
    'Variables are written {{name}} (lowercase letters, numbers, underscores) or numbered {{1}} to {{n}}',
  variables_apart: 'No two variables stand side by side',
  body_edges: 'Body does not start or end with a variable',
  body_length: `Body is at most ${WA_BODY_MAX} characters`,
  variable_density: 'Enough fixed text for the number of variables',
  footer_length: `Footer is at most ${WA_FOOTER_MAX} characters`,
  footer_no_variables: 'Footer has no variables',
  buttons_complete: `Every button has a text of at most ${WA_BUTTON_TEXT_MAX} characters, and a URL or phone number if its type needs one`,
  button_text_plain: 'Button texts have no variables and are all different',
  button_groups: 'Quick replies and call-to-action buttons are grouped, not mixed',
  button_counts: `At most ${WA_BUTTONS_MAX} buttons: one phone button and two URL buttons at most`,
  url_variable: 'A URL holds at most one variable, at its end',
  samples: 'Every variable has a sample value',
} as const;
export type WaRuleId = keyof typeof WA_RULES;

export const WA_RULE_MESSAGES = {
  bodyMax: 'Body text must be less than 1024 characters',
  footerMax: 'Footer text must be less than 60 characters',
  buttonTextRequired: 'Button text is required',
  buttonTextMax: `Button text must be at most ${WA_BUTTON_TEXT_MAX} characters`,
  urlRequired: 'URL is required',
  urlInvalid: 'Please enter a valid URL starting with http:// or https://',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number with country code (e.g. +919876543210)',
  buttonsMax: 'Maximum 3 buttons allowed',
  nameFormat:
    'Template name may contain only lowercase letters, numbers and underscores (e.g. match_reminder)',
  nameLength: `Template name must be at most ${WA_TEMPLATE_NAME_MAX} characters`,
  headerLength: `Header text must be at most ${WA_HEADER_TEXT_MAX} characters`,
  headerOneVariable: 'Header text can hold at most one variable',
  headerLineBreaks: 'Header text cannot contain line breaks',
  headerEmoji: 'Header text cannot contain emoji',
  headerFormatting: 'Header text cannot use * _ ~ formatting',
  malformed: 'Malformed variable: write variables as {{name}} with double braces',
  variableName: (name: string) =>
    `Variable {{${name}}} must use only lowercase letters, numbers and underscores`,
  /** `n` numbered variables were used: WhatsApp wants exactly {{1}} to {{n}}. */
  numberedVariables: (n: number) =>
    n === 1
      ? 'A numbered variable must be {{1}}'
      : `Numbered variables must be {{1}} to {{${n}}}, none missing`,
  adjacent: (a: string, b: string) =>
    `Variables {{${a}}} and {{${b}}} stand next to each other: put words between them`,
  bodyStart: 'The body cannot start with a variable',
  bodyEnd: 'The body cannot end with a variable',
  density:
    'Many variables for a short message: WhatsApp may reject it for "too many variable parameters relative to the message length". Add more fixed words.',
  footerVariables: 'Footer text cannot contain variables',
  buttonVariables: 'Button text cannot contain variables',
  buttonDuplicate: 'Each button needs a different text',
  buttonGroups:
    'Keep quick reply buttons together and URL / phone buttons together: the two groups cannot be mixed',
  phoneButtons: 'Only one phone number button is allowed',
  urlButtons: 'At most two URL buttons are allowed',
  urlVariable:
    'A URL can hold one variable, only at its end (e.g. https://example.com/orders/{{order_id}})',
  sampleMissing: (name: string) => `Add a sample value for {{${name}}}`,
} as const;

export type WaRuleSeverity = 'error' | 'warning';
export interface WaRuleIssue {
  rule: WaRuleId;
  /** The form field it belongs to, as zod paths are written: ['buttons', 1, 'url']. */
  path: (string | number)[];
  message: string;
  severity: WaRuleSeverity;
}
export type WaRuleStatus = 'pass' | 'fail' | 'warn' | 'skip';
export interface WaRuleCheck {
  rule: WaRuleId;
  label: string;
  status: WaRuleStatus;
  /** The first issue's message when the rule fails or warns. */
  message?: string;
}

export const WA_VARIABLE_NAME = /^[a-z0-9_]+$/;
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;
const WHOLE_PLACEHOLDER = /^\{\{[^{}]*\}\}/;
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

/** An http(s) address; a variable at its end stands for the part filled per message. */
export function isHttpUrl(value: string) {
  const withoutVariables = value.replace(/\{\{[^{}]*\}\}/g, 'x');
  return /^https?:\/\/([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(:[0-9]{1,5})?([/?#][^\s]*)?$/i.test(
    withoutVariables,
  );
}

/** A phone number WhatsApp can call: a country code and 8 to 15 digits in all. */
export function isWaPhoneNumber(value: string) {
  return /^\+?[1-9][0-9]{7,14}$/.test(value.replace(/[\s()-]/g, ''));
}

/** Every `{{…}}` of a text, where it stands and what it names. */
function placeholders(text: string) {
  return [...text.matchAll(PLACEHOLDER)].map((m) => ({
    name: m[1] ?? '',
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/** The names of a text's variables, in order, repeats included. */
export function waVariableNames(text: string | null | undefined): string[] {
  return text ? placeholders(text).map((p) => p.name) : [];
}

const isMediaType = (type: string | null | undefined) =>
  type === 'image' || type === 'video' || type === 'document';

/** The header text counts only for a text template whose header is text. */
export function hasTextHeader(draft: WaTemplateDraft) {
  return !isMediaType(draft.type) && draft.header_type === 'text';
}

/**
 * Every variable the template uses, once each, in reading order: the text header, the body,
 * then the URL buttons. These are the ones that need a sample value.
 */
export function waTemplateVariables(draft: WaTemplateDraft): string[] {
  const texts = [
    hasTextHeader(draft) ? draft.header_content : null,
    draft.body_text,
    ...(draft.buttons ?? []).map((b) => (b.type === 'url' ? b.url : null)),
  ];
  const names = texts.flatMap(waVariableNames).filter((n) => WA_VARIABLE_NAME.test(n));
  return [...new Set(names)];
}

/** Fills variables with their sample values; a variable without one stays as written. */
export function fillWaSamples(
  text: string,
  samples: Readonly<Record<string, string | null | undefined>> | null | undefined,
) {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = samples?.[name]?.trim();
    return value ? value : whole;
  });
}

/** 'Match Reminder!' → 'match_reminder': the name WhatsApp would accept for what was typed. */
export function toWaTemplateName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, WA_TEMPLATE_NAME_MAX);
}

/** Problems with the variables of one text: malformed braces and badly named variables. */
function variableFormatIssues(text: string, path: (string | number)[]): WaRuleIssue[] {
  const issues: WaRuleIssue[] = [];
  const issue = (message: string) =>
    issues.push({ rule: 'variable_format', path, message, severity: 'error' });
  if (/[{}]/.test(text.replace(PLACEHOLDER, ''))) issue(WA_RULE_MESSAGES.malformed);
  for (const { name } of placeholders(text)) {
    if (name === '') issue(WA_RULE_MESSAGES.malformed);
    else if (!WA_VARIABLE_NAME.test(name)) issue(WA_RULE_MESSAGES.variableName(name));
  }
  // Each part (header, body, a URL) numbers its positional parameters from 1: {{0}} and gaps
  // are refused by WhatsApp.
  const numbered = [...new Set(waVariableNames(text).filter((n) => /^\d+$/.test(n)))];
  if (numbered.some((n) => !/^[1-9]\d*$/.test(n) || Number(n) > numbered.length))
    issue(WA_RULE_MESSAGES.numberedVariables(numbered.length));
  return issues.slice(0, 1);
}

function adjacentIssue(text: string, path: (string | number)[]): WaRuleIssue | null {
  const found = placeholders(text);
  for (let i = 1; i < found.length; i++) {
    const before = found[i - 1]!;
    const after = found[i]!;
    if (text.slice(before.end, after.start).trim() === '')
      return {
        rule: 'variables_apart',
        path,
        message: WA_RULE_MESSAGES.adjacent(before.name, after.name),
        severity: 'error',
      };
  }
  return null;
}

/** Words of fixed text: runs holding a letter or a digit, variables removed. */
const fixedWords = (text: string) =>
  text
    .replace(PLACEHOLDER, ' ')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/**
 * WhatsApp refuses "too many variable parameters relative to the message length" without
 * publishing the ratio. Fewer than two fixed words per variable is where it starts to refuse
 * in practice, so that only warns: the template may still be saved.
 */
export const WA_MIN_WORDS_PER_VARIABLE = 2;

type WaButtonDraft = NonNullable<WaTemplateDraft['buttons']>[number];

/** What a button lacks: its text within the limit, and the URL or number its type needs. */
function buttonGaps(button: WaButtonDraft, i: number): WaRuleIssue[] {
  const issues: WaRuleIssue[] = [];
  const gap = (field: string, message: string) =>
    issues.push({
      rule: 'buttons_complete',
      path: ['buttons', i, field],
      message,
      severity: 'error',
    });
  const text = button.text?.trim() ?? '';
  if (text === '') gap('text', WA_RULE_MESSAGES.buttonTextRequired);
  else if (text.length > WA_BUTTON_TEXT_MAX) gap('text', WA_RULE_MESSAGES.buttonTextMax);
  const url = button.url?.trim() ?? '';
  if (button.type === 'url') {
    if (url === '') gap('url', WA_RULE_MESSAGES.urlRequired);
    else if (url.length > WA_URL_MAX || !isHttpUrl(url)) gap('url', WA_RULE_MESSAGES.urlInvalid);
  }
  const phone = button.phone_number?.trim() ?? '';
  if (button.type === 'phone_number') {
    if (phone === '') gap('phone_number', WA_RULE_MESSAGES.phoneRequired);
    else if (!isWaPhoneNumber(phone)) gap('phone_number', WA_RULE_MESSAGES.phoneInvalid);
  }
  return issues;
}

/** Every rule broken by the draft, errors and warnings, each on the field it belongs to. */
export function waTemplateIssues(draft: WaTemplateDraft): WaRuleIssue[] {
  const issues: WaRuleIssue[] = [];
  const error = (rule: WaRuleId, path: (string | number)[], message: string) =>
    issues.push({ rule, path, message, severity: 'error' });

  const name = draft.name?.trim() ?? '';
  if (name !== '' && !/^[a-z0-9_]+$/.test(name))
    error('name_format', ['name'], WA_RULE_MESSAGES.nameFormat);
  if (name.length > WA_TEMPLATE_NAME_MAX)
    error('name_length', ['name'], WA_RULE_MESSAGES.nameLength);

  if (hasTextHeader(draft)) {
    const header = draft.header_content?.trim() ?? '';
    const at = ['header_content'];
    if (header.length > WA_HEADER_TEXT_MAX)
      error('header_length', at, WA_RULE_MESSAGES.headerLength);
    if (placeholders(header).length > 1)
      error('header_one_variable', at, WA_RULE_MESSAGES.headerOneVariable);
    if (/[\r\n]/.test(header)) error('header_line_breaks', at, WA_RULE_MESSAGES.headerLineBreaks);
    if (EMOJI.test(header)) error('header_emoji', at, WA_RULE_MESSAGES.headerEmoji);
    // Variable names may hold underscores; only the fixed text is checked for formatting.
    if (/[*_~]/.test(header.replace(PLACEHOLDER, '')))
      error('header_formatting', at, WA_RULE_MESSAGES.headerFormatting);
    issues.push(...variableFormatIssues(header, at));
  }

  const body = draft.body_text?.trim() ?? '';
  issues.push(...variableFormatIssues(body, ['body_text']));
  const bodyAdjacent = adjacentIssue(body, ['body_text']);
  if (bodyAdjacent) issues.push(bodyAdjacent);
  if (WHOLE_PLACEHOLDER.test(body)) error('body_edges', ['body_text'], WA_RULE_MESSAGES.bodyStart);
  if (/\{\{[^{}]*\}\}$/.test(body)) error('body_edges', ['body_text'], WA_RULE_MESSAGES.bodyEnd);
  if (body.length > WA_BODY_MAX) error('body_length', ['body_text'], WA_RULE_MESSAGES.bodyMax);
  const variableCount = placeholders(body).length;
  if (variableCount > 0 && fixedWords(body) < WA_MIN_WORDS_PER_VARIABLE * variableCount)
    issues.push({
      rule: 'variable_density',
      path: ['body_text'],
      message: WA_RULE_MESSAGES.density,
      severity: 'warning',
    });

  const footer = draft.footer_text?.trim() ?? '';
  if (footer.length > WA_FOOTER_MAX)
    error('footer_length', ['footer_text'], WA_RULE_MESSAGES.footerMax);
  if (placeholders(footer).length > 0)
    error('footer_no_variables', ['footer_text'], WA_RULE_MESSAGES.footerVariables);
  else issues.push(...variableFormatIssues(footer, ['footer_text']));

  const buttons = draft.buttons ?? [];
  const seenTexts = new Set<string>();
  buttons.forEach((button, i) => {
    const text = button.text?.trim() ?? '';
    issues.push(...buttonGaps(button, i));
    if (/\{\{|\}\}/.test(text))
      error('button_text_plain', ['buttons', i, 'text'], WA_RULE_MESSAGES.buttonVariables);
    else if (text !== '' && seenTexts.has(text.toLowerCase()))
      error('button_text_plain', ['buttons', i, 'text'], WA_RULE_MESSAGES.buttonDuplicate);
    seenTexts.add(text.toLowerCase());
    if (button.type === 'url' && button.url) {
      const url = button.url.trim();
      const at = ['buttons', i, 'url'];
      const found = placeholders(url);
      const formatIssues = variableFormatIssues(url, at);
      if (formatIssues.length) issues.push(...formatIssues);
      else if (found.length > 1 || (found.length === 1 && found[0]!.end !== url.length))
        error('url_variable', at, WA_RULE_MESSAGES.urlVariable);
    }
  });
  // Quick replies form one group and call-to-action buttons the other: one switch at most.
  const groups = buttons.map((b) => (b.type === 'quick_reply' ? 'quick' : 'cta'));
  const switches = groups.filter((g, i) => i > 0 && g !== groups[i - 1]).length;
  if (switches > 1) error('button_groups', ['buttons'], WA_RULE_MESSAGES.buttonGroups);
  if (buttons.length > WA_BUTTONS_MAX)
    error('button_counts', ['buttons'], WA_RULE_MESSAGES.buttonsMax);
  if (buttons.filter((b) => b.type === 'phone_number').length > WA_MAX_PHONE_BUTTONS)
    error('button_counts', ['buttons'], WA_RULE_MESSAGES.phoneButtons);
  if (buttons.filter((b) => b.type === 'url').length > WA_MAX_URL_BUTTONS)
    error('button_counts', ['buttons'], WA_RULE_MESSAGES.urlButtons);

  for (const variable of waTemplateVariables(draft)) {
    if (!draft.sample_values?.[variable]?.trim())
      error('samples', ['sample_values', variable], WA_RULE_MESSAGES.sampleMissing(variable));
  }
  return issues;
}

const HEADER_RULES: readonly WaRuleId[] = [
  'header_length',
  'header_one_variable',
  'header_line_breaks',
  'header_emoji',
  'header_formatting',
];

/** The editor's checklist: every rule, passed, failed, warned, or not applying to this draft. */
export function checkWaTemplate(draft: WaTemplateDraft): WaRuleCheck[] {
  const issues = waTemplateIssues(draft);
  return (Object.keys(WA_RULES) as WaRuleId[]).map((rule) => {
    const mine = issues.filter((i) => i.rule === rule);
    const failed = mine.find((i) => i.severity === 'error');
    const warned = mine.find((i) => i.severity === 'warning');
    const applies = !HEADER_RULES.includes(rule) || hasTextHeader(draft);
    const status: WaRuleStatus = failed ? 'fail' : warned ? 'warn' : applies ? 'pass' : 'skip';
    return { rule, label: WA_RULES[rule], status, message: (failed ?? warned)?.message };
  });
}
