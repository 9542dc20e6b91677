import type { AuditLog } from '@cricket/contracts';
import { describe, expect, it } from 'vitest';
import { changedFields, fieldLabel } from './audit-changes';

const record = (changes: AuditLog['changes']): AuditLog => ({
  id: 1,
  created_at: '2026-11-24T09:00:00.000Z',
  actor: { id: 1, email: 'admin@cricket.test' },
  entity_type: 'team',
  entity_id: 7,
  entity_name: 'Mumbai Mavericks',
  action: 'players_add',
  changes,
});

describe('the names of changed fields', () => {
  it('names a squad member by the name recorded in the change', () => {
    expect(fieldLabel('players.12', { before: null, after: { player_name: 'Rohit Sharma' } })).toBe(
      'Player Rohit Sharma',
    );
    // Removed: only the value before names them.
    expect(fieldLabel('players.12', { before: { player_name: 'Virat Kohli' }, after: null })).toBe(
      'Player Virat Kohli',
    );
    expect(fieldLabel('players.12', { before: null, after: { player_name: ' ' } })).toBe(
      'Player #12',
    );
    expect(fieldLabel('players.12')).toBe('Player #12');
  });

  it('writes other fields as words, and lists a record’s changes in order', () => {
    expect(fieldLabel('first_name')).toBe('First name');
    expect(
      changedFields(
        record({
          players_count: { before: 1, after: 2 },
          'players.88': {
            before: null,
            after: { player_name: 'Jasprit Bumrah', jersey_number: 93 },
          },
        }),
      ),
    ).toBe('Players count, Player Jasprit Bumrah');
  });
});
