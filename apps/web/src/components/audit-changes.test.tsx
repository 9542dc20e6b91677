import { describe, expect, it } from 'vitest';
import type { AuditLog } from '@cricket/contracts';
import { actorName } from './audit-changes';

const record = (actor: AuditLog['actor']): AuditLog => ({
  id: 1,
  created_at: '2026-11-27T10:00:00Z',
  actor,
  entity_type: 'wa_template',
  entity_id: 7,
  entity_name: 'match_reminder',
  action: 'update',
  changes: {},
});

describe('actorName', () => {
  it("names an outside system by the name it was recorded with (Meta's webhook: 'WhatsApp')", () => {
    expect(actorName(record({ id: null, name: 'WhatsApp', email: null }))).toBe('WhatsApp');
    expect(actorName(record({ id: null, name: null, email: null }))).toBe('System');
    expect(actorName(record({ id: 3, name: null, email: 'a@cricket.test' }))).toBe(
      'a@cricket.test',
    );
  });
});
