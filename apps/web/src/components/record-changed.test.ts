import { describe, expect, it } from 'vitest';
import { changedFields } from './record-changed';

describe('changedFields', () => {
  it('names the labelled fields their save changed, theirs beside yours', () => {
    const opened = { name: 'Ox', location: 'Leeds', is_active: true, add_me: false };
    const theirs = { name: 'Oxen', location: 'Leeds', is_active: false, add_me: true };
    const yours = { name: 'Bulls', location: 'York', is_active: true, add_me: false };
    const labels = { name: 'Team Name', location: 'Location', is_active: 'Active Team' };
    expect(changedFields(opened, theirs, yours, labels)).toEqual([
      { name: 'name', label: 'Team Name', theirs: 'Oxen', yours: 'Bulls' },
      { name: 'is_active', label: 'Active Team', theirs: 'No', yours: 'Yes' },
    ]);
  });

  it('shows an emptied value as such', () => {
    expect(
      changedFields({ logo: 'a.png' }, { logo: null }, { logo: 'a.png' }, { logo: 'Logo' }),
    ).toEqual([{ name: 'logo', label: 'Logo', theirs: '(empty)', yours: 'a.png' }]);
  });
});
