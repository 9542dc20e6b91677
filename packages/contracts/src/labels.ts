// Plain functions with no zod behind them: every list screen imports them (decision 029).

/** 'support staff' → 'Support staff': names stored as typed (roles, modules) start upper-case. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * How a stored word reads on screen: statuses, kinds and types are kept as lower-case
 * identifiers ('pending', 'completed_with_failures') and every screen shows them in sentence
 * case ('Pending', 'Completed with failures') through this one function (issue 30).
 */
export function statusLabel(value: string): string {
  return capitalize(value.replace(/_/g, ' ').trim());
}
