import { describe, expect, it } from 'vitest';
import {
  NO_DIRECTORY_FILTER,
  compareByFirstName,
  compareText,
  defaultDirectoryFilter,
  directorySearchText,
  filterDirectory,
  fullNameCell,
  matchesFilter,
  matchesSearch,
  permissionLevelChoices,
  showingText,
  userGroupCell,
  userStatusOf,
  type DirectoryRow,
} from './user-directory.ts';

const row = (over: Partial<DirectoryRow> = {}): DirectoryRow => ({
  firstName: 'Ann',
  lastName: 'Lee',
  fullName: 'Ann Lee',
  email: 'ann@example.com',
  phoneNumber: '+12145550101',
  roleId: 4,
  roleDisplayName: 'Customer',
  roleHierarchy: 4,
  siteId: 70,
  siteName: 'Athletics',
  isActive: true,
  ...over,
});

describe('Users table cells (spec 02 §2.8)', () => {
  it("shows '(inactive)' after the name of a user who has not activated", () => {
    expect(fullNameCell(row())).toBe('Ann Lee');
    expect(fullNameCell(row({ isActive: false }))).toBe('Ann Lee (inactive)');
    expect(userStatusOf(row({ isActive: false }))).toBe('Inactive');
  });

  it('leaves User Group blank for hierarchy below 3 and shows it from 3 up', () => {
    expect(userGroupCell(row({ roleHierarchy: 1 }))).toBe('');
    expect(userGroupCell(row({ roleHierarchy: 2 }))).toBe('');
    expect(userGroupCell(row({ roleHierarchy: 3 }))).toBe('Athletics');
    expect(userGroupCell(row({ roleHierarchy: 5 }))).toBe('Athletics');
    expect(userGroupCell(row({ roleHierarchy: 4, siteName: null }))).toBe('');
  });
});

describe('search: case-insensitive across every field', () => {
  const text = directorySearchText(row({ isActive: false }));
  it.each([
    ['first name', 'ANN'],
    ['last name', 'lee'],
    ['e-mail', 'Example.COM'],
    ['phone', '5550101'],
    ['permission level', 'customer'],
    ['user group', 'athletics'],
    ['status', '(INACTIVE)'],
    ['blank search', '   '],
  ])('finds a row by its %s', (_, query) => {
    expect(matchesSearch(text, query)).toBe(true);
  });

  it('does not find a row by a group it does not show (an Admin)', () => {
    expect(matchesSearch(directorySearchText(row({ roleHierarchy: 2 })), 'athletics')).toBe(false);
  });

  it('does not find what no field holds', () => {
    expect(matchesSearch(text, 'zebra')).toBe(false);
  });
});

describe('Filter popover: empty selection means all', () => {
  it('passes every row with no filter', () => {
    expect(matchesFilter(row(), NO_DIRECTORY_FILTER)).toBe(true);
  });
  it('keeps only the chosen statuses', () => {
    expect(matchesFilter(row(), { ...NO_DIRECTORY_FILTER, statuses: ['Inactive'] })).toBe(false);
    expect(matchesFilter(row({ isActive: false }), { ...NO_DIRECTORY_FILTER, statuses: ['Inactive'] })).toBe(
      true,
    );
  });
  it('keeps only the chosen groups; a row with no group is not in any', () => {
    const filter = { ...NO_DIRECTORY_FILTER, siteIds: [71] };
    expect(matchesFilter(row(), filter)).toBe(false);
    expect(matchesFilter(row({ siteId: 71 }), filter)).toBe(true);
    expect(matchesFilter(row({ siteId: null }), filter)).toBe(false);
  });
  it('keeps only the chosen permission levels, Notification Only (-1) among them', () => {
    const filter = { ...NO_DIRECTORY_FILTER, roleIds: [-1] };
    expect(matchesFilter(row(), filter)).toBe(false);
    expect(matchesFilter(row({ roleId: -1, roleHierarchy: 5 }), filter)).toBe(true);
  });
  it('applies filter and search together', () => {
    const rows = [row(), row({ firstName: 'Bob', fullName: 'Bob Lee', siteId: 71 })];
    const texts = rows.map(directorySearchText);
    expect(filterDirectory(rows, texts, 'lee', { ...NO_DIRECTORY_FILTER, siteIds: [71] })).toEqual([rows[1]]);
    expect(filterDirectory(rows, texts, 'bob', NO_DIRECTORY_FILTER)).toEqual([rows[1]]);
    expect(filterDirectory(rows, [], '', NO_DIRECTORY_FILTER)).toEqual(rows);
  });

  it("counts 'Showing x of y': an empty selection shows all", () => {
    expect(showingText(0, 5)).toBe('Showing 5 of 5');
    expect(showingText(2, 5)).toBe('Showing 2 of 5');
    expect(showingText(0, 0)).toBe('Showing 0 of 0');
  });

  it('opens on their own group for a hierarchy-3 user, on everything for the others', () => {
    expect(defaultDirectoryFilter({ roleHierarchy: 3, siteId: 70 })).toEqual({
      statuses: [],
      siteIds: [70],
      roleIds: [],
    });
    expect(defaultDirectoryFilter({ roleHierarchy: 3, siteId: null })).toEqual(NO_DIRECTORY_FILTER);
    expect(defaultDirectoryFilter({ roleHierarchy: 2, siteId: 70 })).toEqual(NO_DIRECTORY_FILTER);
  });

  it('offers the roles by hierarchy, then Notification Only', () => {
    const roles = [
      { id: -1, hierarchy: 5 },
      { id: 4, hierarchy: 4 },
      { id: 1, hierarchy: 1 },
    ];
    expect(permissionLevelChoices(roles).map((r) => r.id)).toEqual([1, 4, -1]);
  });
});

describe('default order: first name, case-insensitive', () => {
  it('sorts by first name ignoring case, then by last name', () => {
    const people = [
      { firstName: 'bob', lastName: 'Z' },
      { firstName: 'Alice', lastName: 'B' },
      { firstName: 'alice', lastName: 'a' },
      { firstName: 'Bob', lastName: 'Y' },
    ];
    expect([...people].sort(compareByFirstName)).toEqual([
      { firstName: 'alice', lastName: 'a' },
      { firstName: 'Alice', lastName: 'B' },
      { firstName: 'Bob', lastName: 'Y' },
      { firstName: 'bob', lastName: 'Z' },
    ]);
    expect(compareText('a', 'A')).toBe(0);
  });
});

describe('5,000 people', () => {
  it('filters and searches 5,000 rows in well under a frame', () => {
    const rows = Array.from({ length: 5000 }, (_, i) =>
      row({
        firstName: `First${i}`,
        fullName: `First${i} Last${i}`,
        email: `user${i}@example.com`,
        siteId: 70 + (i % 5),
        isActive: i % 7 !== 0,
      }),
    );
    const texts = rows.map(directorySearchText);
    const started = performance.now();
    let found = 0;
    for (const q of ['first4', 'USER49', 'example', 'nobody']) {
      found += filterDirectory(rows, texts, q, { ...NO_DIRECTORY_FILTER, siteIds: [70, 71] }).length;
    }
    const perPass = (performance.now() - started) / 4;
    expect(found).toBeGreaterThan(0);
    // a generous bound for a shared CI machine; it runs in about a millisecond
    expect(perPass).toBeLessThan(50);
  });
});
