import { describe, expect, it } from 'vitest';
import { parseRecordId, recordPathHref, recordViewHref } from './record-route';

describe('parseRecordId', () => {
  it('reads a positive whole number', () => {
    expect(parseRecordId('1')).toBe(1);
    expect(parseRecordId('42')).toBe(42);
    expect(parseRecordId('2147483647')).toBe(2147483647);
  });

  it.each([
    null,
    undefined,
    '',
    '0',
    '-1',
    '042',
    ' 42',
    '42 ',
    '4.2',
    '1e3',
    '0x10',
    '42abc',
    '2147483648',
    '99999999999',
  ])('turns %j into null', (raw) => {
    expect(parseRecordId(raw)).toBeNull();
  });
});

describe('record links', () => {
  it('builds the house record page and spec-named path routes', () => {
    expect(recordViewHref('/users', 42)).toBe('/users/view?id=42');
    expect(recordPathHref('/wa/templates/view/:id', 7)).toBe('/wa/templates/view/7');
    expect(recordPathHref('/email-templates/:id/edit', 3)).toBe('/email-templates/3/edit');
  });
});
