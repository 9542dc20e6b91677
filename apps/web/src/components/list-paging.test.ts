import { buildPagination } from '@cricket/contracts';
import { describe, expect, it } from 'vitest';
import { correctedPage, pagerText } from './list-paging';

describe('correctedPage', () => {
  it('leaves a real page alone', () => {
    expect(correctedPage(2, buildPagination(20, 2, 10))).toBeNull();
    expect(correctedPage(1, buildPagination(0, 1, 10))).toBeNull();
  });

  it('moves a page past the end to the last real page', () => {
    // Rows per page 5, two pages left after deleting the third page's rows.
    expect(correctedPage(3, buildPagination(10, 3, 5))).toBe(2);
    expect(correctedPage(9, buildPagination(12, 9, 10))).toBe(2);
  });

  it('moves any page of an empty list to page 1', () => {
    expect(correctedPage(4, buildPagination(0, 4, 10))).toBe(1);
  });
});

describe('pagerText', () => {
  it('reads the range and position of a loaded page', () => {
    expect(pagerText(buildPagination(47, 2, 10))).toEqual({
      summary: 'Showing 11-20 of 47 items',
      position: 'Page 2 of 5',
    });
  });

  it('never says the list is empty during the first load', () => {
    expect(pagerText(undefined, 1)).toEqual({ summary: 'Loading...', position: 'Page 1' });
    expect(pagerText(undefined)).toEqual({ summary: 'Loading...', position: 'Page 1' });
  });

  it('names the page being loaded, with the known page count', () => {
    expect(pagerText(buildPagination(47, 2, 10), 3)).toEqual({
      summary: 'Loading...',
      position: 'Page 3 of 5',
    });
  });

  it('never shows a page past the last one while a URL page is checked', () => {
    expect(pagerText(buildPagination(10, 1, 5), 9).position).toBe('Page 9');
  });
});
