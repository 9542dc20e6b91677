/**
 * The `{{variable}}` placeholders notification and email templates may hold, filled per
 * recipient when a message is sent. One list and one checker for the forms, the API and
 * the delivery worker. (WhatsApp templates have their own rules: `wa-templates`.)
 */
export const TEMPLATE_VARIABLES = ['first_name', 'last_name', 'email', 'phone_number'] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
/** The placeholder rule in words, for the OpenAPI document. */
export const TEMPLATE_VARIABLES_RULE = `Placeholders are written with double braces and name one of ${TEMPLATE_VARIABLES.map((v) => `{{${v}}}`).join(', ')}`;
export type TemplateValues = Partial<Record<TemplateVariable, string | null>>;

/** Sample values for previews where no real recipient is at hand. */
export const SAMPLE_TEMPLATE_VALUES: Record<TemplateVariable, string> = {
  first_name: 'Asha',
  last_name: 'Patel',
  email: 'asha.patel@example.com',
  phone_number: '+919876543210',
};

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/**
 * The first problem with the text's placeholders, as a message for the field, or null: an
 * unknown name (`{{team}}`) or braces that do not form a placeholder (`{{first_name}`,
 * `{first_name}}`, `{{}}`).
 */
export function templateVariableProblem(
  text: string,
  allowed: readonly string[] = TEMPLATE_VARIABLES,
): string | null {
  const withoutPlaceholders = text.replace(PLACEHOLDER, (whole, name: string) => {
    return name ? '' : whole;
  });
  if (/\{\{|\}\}/.test(withoutPlaceholders)) {
    return `Malformed placeholder: use {{${TEMPLATE_VARIABLES[0]}}} style with double braces`;
  }
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (!allowed.includes(name)) {
      return `Unknown variable {{${name}}}: use ${allowed.map((v) => `{{${v}}}`).join(', ')}`;
    }
  }
  return null;
}

/** The variables the text uses, in order of first use. */
export function templateVariablesIn(text: string): TemplateVariable[] {
  const seen = new Set<TemplateVariable>();
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1] as TemplateVariable;
    if ((TEMPLATE_VARIABLES as readonly string[]).includes(name)) seen.add(name);
  }
  return [...seen];
}

/**
 * Fills the placeholders; a value the recipient lacks becomes empty text. `escape` is applied
 * to each value (HTML email bodies pass an HTML escaper), never to the template itself. Names
 * beyond TEMPLATE_VARIABLES are filled only where `values` holds them: a message the product
 * writes itself (an availability ask's answer links), never one a person typed, which the
 * checker above keeps to TEMPLATE_VARIABLES.
 */
export function renderTemplate(
  text: string,
  values: TemplateValues & Readonly<Record<string, string | null | undefined>>,
  escape: (value: string) => string = (v) => v,
): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    (TEMPLATE_VARIABLES as readonly string[]).includes(name) || Object.hasOwn(values, name)
      ? escape(values[name] ?? '')
      : whole,
  );
}
