import { describe, expect, it } from 'vitest';
import { loginHref, returnPath } from './return-path';

describe('loginHref and returnPath', () => {
  it('carries a page with its query through the sign-in address and back', () => {
    const href = loginHref('/users?status=pending#top');
    expect(href).toBe('/login?next=%2Fusers%3Fstatus%3Dpending%23top');
    expect(returnPath(href.slice('/login'.length))).toBe('/users?status=pending#top');
  });

  it('asks for nothing when the page is the dashboard', () => {
    expect(loginHref('/')).toBe('/login');
    expect(returnPath('')).toBeNull();
  });

  it('follows only a path of this site', () => {
    for (const next of [
      'https://evil.example/users',
      '//evil.example/users',
      '/\\evil.example',
      'javascript:alert(1)',
      'users',
      '/login?next=/users',
    ])
      expect(returnPath(`?next=${encodeURIComponent(next)}`), next).toBeNull();
    expect(returnPath('?next=%2Fteams%2Fview%3Fid%3D7')).toBe('/teams/view?id=7');
  });
});
