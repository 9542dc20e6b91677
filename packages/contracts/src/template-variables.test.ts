import { describe, expect, it } from 'vitest';
import { renderTemplate, templateVariableProblem, templateVariablesIn } from './template-variables';

describe('template variables', () => {
  it.each([
    'Hello {{first_name}} {{last_name}}',
    'Write to {{ email }} or call {{phone_number}}',
    'No placeholders at all',
    'A single { brace } is plain text',
  ])('accepts %j', (text) => expect(templateVariableProblem(text)).toBeNull());

  it.each([
    ['Hi {{team}}', /Unknown variable \{\{team\}\}/],
    ['Hi {{First_Name}}', /Unknown variable/],
    ['Hi {{first_name}', /Malformed placeholder/],
    ['Hi {first_name}}', /Malformed placeholder/],
    ['Hi {{}}', /Malformed placeholder/],
    ['Hi {{ {{email}} }}', /Malformed placeholder/],
  ])('refuses %j', (text, message) => expect(templateVariableProblem(text)).toMatch(message));

  it('renders per recipient, escaping values but not the template', () => {
    const html = renderTemplate(
      '<b>Hi {{first_name}}</b> {{last_name}}',
      { first_name: '<Asha>', last_name: null },
      (v) => v.replace(/</g, '&lt;').replace(/>/g, '&gt;'),
    );
    expect(html).toBe('<b>Hi &lt;Asha&gt;</b> ');
    expect(templateVariablesIn('{{email}} {{first_name}} {{email}}')).toEqual([
      'email',
      'first_name',
    ]);
  });
});
