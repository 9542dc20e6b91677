import type { AuditLog } from '@cricket/contracts';
import { describe, expect, it } from 'vitest';
import { changedFields, changeRows, fieldLabel, recordHref } from './audit-changes';

const record = (changes: AuditLog['changes'], over: Partial<AuditLog> = {}): AuditLog => ({
  id: 1,
  created_at: '2026-11-24T09:00:00.000Z',
  actor: { id: 1, name: 'Asha Rao', email: 'admin@cricket.test' },
  entity_type: 'team',
  entity_id: 7,
  entity_name: 'Mumbai Mavericks',
  action: 'players_add',
  changes,
  ...over,
});

const rows = (changes: AuditLog['changes'], over: Partial<AuditLog> = {}) =>
  changeRows(record(changes, over)).map(({ label, before, after, summary }) =>
    summary ? [label, summary] : [label, before, after],
  );

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

  it("uses the form's labels, and words for a field no form names", () => {
    expect(fieldLabel('name', undefined, 'team')).toBe('Team name');
    expect(fieldLabel('first_name')).toBe('First name');
    expect(
      changedFields(
        record({
          'players.88': {
            before: null,
            after: { player_name: 'Jasprit Bumrah', jersey_number: 93 },
          },
          players_count: { before: 1, after: 2 },
        }),
      ),
    ).toBe('Players, Player Jasprit Bumrah');
  });
});

describe('a change in the screen’s words', () => {
  it("lists fields in the form's order, whatever order they were recorded in", () => {
    const labels = changeRows(
      record(
        {
          status: { before: 'pending', after: 'verified' },
          city: { before: 'Pune', after: 'Goa' },
          first_name: { before: 'A', after: 'B' },
        },
        { entity_type: 'user', action: 'update' },
      ),
    ).map((r) => r.label);
    expect(labels).toEqual(['First name', 'City', 'Status']);
  });

  it('names references, capitalises role names and statuses, and hides a repeated id', () => {
    expect(
      rows(
        {
          role_id: { before: 4, after: 5 },
          role: { before: { id: 4, name: 'player' }, after: { id: 5, name: 'umpire' } },
          status: { before: 'pending', after: 'suspended' },
          date_of_birth: { before: null, after: '1994-03-07' },
        },
        { entity_type: 'user', action: 'update' },
      ),
    ).toEqual([
      ['Date of birth', '—', 'Mar 7 1994'],
      ['Role', 'Player', 'Umpire'],
      ['Status', 'Pending', 'Suspended'],
    ]);
  });

  it("names a team's owner, and says a logo changed instead of showing its path", () => {
    expect(
      rows(
        {
          owner: {
            before: { id: 292, name: 'Rohit Sharma' },
            after: { id: 293, name: 'Virat Kohli' },
          },
          logo_url: { before: '/uploads/teams/a.png', after: '/uploads/teams/b.png' },
        },
        { action: 'update' },
      ),
    ).toEqual([
      ['Logo', 'Logo changed'],
      ['Owner', 'Rohit Sharma', 'Virat Kohli'],
    ]);
    // An older record kept the owner's id alone.
    expect(rows({ owner_id: { before: 292, after: 293 } }, { action: 'update' })).toEqual([
      ['Owner', '#292', '#293'],
    ]);
  });

  it("reads an older record's bare ids as '#292' under the field's label, never 'Owner id 292'", () => {
    // A user's role before references by name: the role id was all it kept.
    expect(rows({ role_id: { before: 4, after: 5 } }, { entity_type: 'user' })).toEqual([
      ['Role', '#4', '#5'],
    ]);
    // An id no table names reads the same way.
    expect(rows({ manager_id: { before: null, after: 292 } })).toEqual([['Manager', '—', '#292']]);
    const player = { player_name: 'Rohit Sharma', player_role: 1, batting_style: 5 };
    expect(rows({ 'players.12': { before: null, after: player } })[0]![2]).toBe(
      'Name: Rohit Sharma; Player role: #1; Batting style: #5',
    );
  });

  it('shows only the parts of a squad member that changed, options by name', () => {
    const before = {
      player_name: 'Rohit Sharma',
      player_role: { id: 1, name: 'Batsman' },
      batting_style: { id: 5, name: 'Right-hand bat' },
      jersey_number: 7,
      is_captain: false,
    };
    expect(
      rows(
        {
          'players.12': {
            before,
            after: { ...before, jersey_number: 9, is_captain: true },
          },
        },
        { action: 'player_update' },
      ),
    ).toEqual([
      ['Player Rohit Sharma', 'Jersey number: 7; Captain: No', 'Jersey number: 9; Captain: Yes'],
    ]);
    expect(
      rows({ 'players.12': { before: null, after: before } }, { action: 'players_add' })[0]![2],
    ).toBe(
      'Name: Rohit Sharma; Player role: Batsman; Batting style: Right-hand bat; Jersey number: 7; Captain: No',
    );
  });

  it("formats a moment in the screens' date format and a send's recipients in its words", () => {
    expect(
      rows(
        {
          recipient_type: { before: null, after: 'specific' },
          scheduled_at: { before: null, after: '2026-06-05T09:30:00.000Z' },
        },
        { entity_type: 'notification_send', action: 'send' },
      ).map((r) => r.slice(0, 2).concat(r[2]!.replace(/\d{1,2}:\d{2} (AM|PM)/, 'h:mm'))),
    ).toEqual([
      ['Recipients', '—', 'Specific users'],
      ['Scheduled for', '—', expect.stringMatching(/^Jun \d 2026, h:mm$/)],
    ]);
  });
});

describe('recordHref', () => {
  it('links a record to its own page where it has one', () => {
    expect(recordHref('team', 7)).toBe('/teams/view?id=7');
    expect(recordHref('wa_template', 3)).toBe('/wa/templates/view/3');
    expect(recordHref('email_template', 4)).toBe('/email-templates/4');
    expect(recordHref('media', 4)).toBeUndefined();
  });
});
