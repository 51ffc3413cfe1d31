// The one fold both sides use: what Vietnamese users type finds what was written with accents.
import { describe, expect, test } from 'vitest';
import { foldForSearch, matchesSearch, searchQuery, sortQuery } from '#common/search.ts';

describe('folding for search', () => {
  test.each([
    ['Trần Thị Lan', 'tran thi lan'],
    ['Đặng Đức', 'dang duc'],
    ['NGUYỄN  Văn   Ánh ', 'nguyen van anh'],
    ['Phạm Minh Trí', 'pham minh tri'],
    ['Hồ Thị Ngọc Ửng', 'ho thi ngoc ung'],
  ])('%s folds to %s', (written, folded) => {
    expect(foldForSearch(written)).toBe(folded);
  });

  test("'tran' finds 'Trần', 'duc' finds 'Đức', and what is typed with accents finds it too", () => {
    expect(matchesSearch('Trần Thị Lan', 'tran')).toBe(true);
    expect(matchesSearch('Lê Đức Anh', 'duc')).toBe(true);
    expect(matchesSearch('Lê Đức Anh', 'ĐỨC')).toBe(true);
    expect(matchesSearch('Lê Đức Anh', 'tran')).toBe(false);
  });

  test('an empty or blank search is no search; a sort outside the list is refused', () => {
    expect(searchQuery.parse('   ')).toBeUndefined();
    expect(searchQuery.parse(undefined)).toBeUndefined();
    expect(searchQuery.parse('Trần')).toBe('tran');
    const sort = sortQuery(['name', 'created_at'], '-created_at');
    expect(sort.parse(undefined)).toBe('-created_at');
    expect(sort.parse('-name')).toBe('-name');
    expect(sort.safeParse('email').success).toBe(false);
  });
});
