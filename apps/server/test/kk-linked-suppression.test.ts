// Issue 36 item 3: the small-cell suppression linked across a city's tables and its barangays'
// (features/kk/linked-suppression.ts), as properties over random cities: no count from 1 to 4
// shows, every shown count is the true one, and no hidden count stands alone in a line it could
// be worked out along (a table adding up to its unit's total, or a cell of the city adding up
// its barangays').
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  linkedSuppression,
  shownTable,
  type Grid,
  type Hidden,
} from '../src/features/kk/linked-suppression.ts';
import { propertyRuns } from '../../../test-utils/property-runs.ts';

const TABLES = { bySex: ['Male', 'Female'], byAgeGroup: ['15-17', '18-24', '25-30'] } as const;
const PARTITIONS = new Set(Object.keys(TABLES));

/** A barangay of `n` members spread over the categories by the choices given. */
function barangayOf(members: { sex: number; age: number }[]): Grid {
  const grid: Grid = {
    bySex: { Male: 0, Female: 0 },
    byAgeGroup: { '15-17': 0, '18-24': 0, '25-30': 0 },
    members: { total: members.length },
  };
  for (const m of members) {
    const sex = TABLES.bySex[m.sex] ?? 'Male';
    const age = TABLES.byAgeGroup[m.age] ?? '15-17';
    grid.bySex = { ...grid.bySex, [sex]: (grid.bySex?.[sex] ?? 0) + 1 };
    grid.byAgeGroup = { ...grid.byAgeGroup, [age]: (grid.byAgeGroup?.[age] ?? 0) + 1 };
  }
  return grid;
}

function cityOf(parts: Grid[]): Grid {
  const city: Grid = {};
  for (const part of parts) {
    for (const [table, counts] of Object.entries(part)) {
      const into = (city[table] ??= {});
      for (const [key, n] of Object.entries(counts)) {
        into[key] = (into[key] ?? 0) + n;
      }
    }
  }
  return city;
}

const member = fc.record({ sex: fc.nat({ max: 1 }), age: fc.nat({ max: 2 }) });
// Barangays of five members or more: the caller counts a smaller one nowhere outside itself.
const cityArb = fc.array(fc.array(member, { minLength: 5, maxLength: 16 }), {
  minLength: 2,
  maxLength: 6,
});

function check(parts: Grid[]) {
  const byId = new Map(parts.map((g, i) => [i + 1, g]));
  const city = cityOf(parts);
  const hidden = linkedSuppression(city, byId, PARTITIONS);
  const units: [Grid, Hidden][] = [
    [city, hidden.city],
    ...parts.map((g, i): [Grid, Hidden] => [g, hidden.parts.get(i + 1) ?? new Set()]),
  ];
  for (const [grid, hide] of units) {
    const totalHidden = shownTable(grid, hide, 'members').total === null;
    for (const table of Object.keys(grid)) {
      const shown = shownTable(grid, hide, table);
      for (const [key, n] of Object.entries(grid[table] ?? {})) {
        const value = shown[key];
        // Small counts never show; what shows is true.
        if (n > 0 && n < 5) {
          expect(value).toBeNull();
        } else if (value !== null) {
          expect(value).toBe(n);
        }
      }
      if (PARTITIONS.has(table) && !totalHidden) {
        const alone = Object.entries(grid[table] ?? {}).filter(
          ([key, n]) => n > 0 && shown[key] === null,
        );
        expect(alone.length, `${table} of a unit`).not.toBe(1);
      }
    }
  }
  // Along each cell the city shows, never exactly one barangay hiding a count.
  for (const [table, counts] of Object.entries(city)) {
    for (const key of Object.keys(counts)) {
      if (shownTable(city, hidden.city, table)[key] === null) {
        continue;
      }
      const hiding = parts.filter(
        (g, i) =>
          (g[table]?.[key] ?? 0) > 0 &&
          shownTable(g, hidden.parts.get(i + 1) ?? new Set(), table)[key] === null,
      );
      expect(hiding.length, `${table} ${key} across barangays`).not.toBe(1);
    }
  }
}

describe('small-cell suppression linked across the city and its barangays', () => {
  it("hides a small barangay's small cells and, with them, the same cells of the next smallest", () => {
    // Six members: four men and two women, two of each age group.
    const small = barangayOf([
      { sex: 0, age: 0 },
      { sex: 0, age: 0 },
      { sex: 0, age: 2 },
      { sex: 0, age: 2 },
      { sex: 1, age: 1 },
      { sex: 1, age: 1 },
    ]);
    const big = barangayOf(Array.from({ length: 40 }, (_, i) => ({ sex: i % 2, age: i % 3 })));
    const bigger = barangayOf(Array.from({ length: 60 }, (_, i) => ({ sex: i % 2, age: i % 3 })));
    const parts = new Map([
      [1, small],
      [2, big],
      [3, bigger],
    ]);
    const hidden = linkedSuppression(cityOf([small, big, bigger]), parts, PARTITIONS);
    // Without the link, the city's Female count minus the two big ones' would give the small
    // one's two; now the next smallest (big) hides its counts too.
    expect(shownTable(small, hidden.parts.get(1) ?? new Set(), 'bySex')).toEqual({
      Male: null,
      Female: null,
    });
    expect(shownTable(big, hidden.parts.get(2) ?? new Set(), 'bySex')).toEqual({
      Male: null,
      Female: null,
    });
    expect(shownTable(bigger, hidden.parts.get(3) ?? new Set(), 'bySex')).toEqual({
      Male: 30,
      Female: 30,
    });
    check([small, big, bigger]);
  });

  it.each(propertyRuns(300))('leaves no hidden count to work out by difference (%s)', (_, run) => {
    fc.assert(
      fc.property(cityArb, (members) => {
        check(members.map(barangayOf));
      }),
      run,
    );
  });
});
