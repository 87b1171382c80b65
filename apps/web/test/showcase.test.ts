import { describe, expect, it } from 'vitest';
import {
  ALL_BARANGAYS,
  ALL_PROJECTS,
  filterShowcase,
  SHOWCASE_ITEMS,
  STATUS_COLORS,
  stepSlide,
} from '../src/features/showcase/components/sample-items.ts';

describe('showcase', () => {
  it('filters by barangay and category', () => {
    expect(filterShowcase(SHOWCASE_ITEMS, ALL_BARANGAYS, ALL_PROJECTS)).toHaveLength(
      SHOWCASE_ITEMS.length,
    );
    const nn = filterShowcase(SHOWCASE_ITEMS, 'Nagkaisang Nayon', ALL_PROJECTS);
    expect(nn.length).toBeGreaterThan(0);
    expect(nn.every((item) => item.barangay === 'Nagkaisang Nayon')).toBe(true);
    expect(filterShowcase(SHOWCASE_ITEMS, 'Nagkaisang Nayon', 'Healthcare')).toEqual([]);
  });

  it('steps the slideshow with wrap-around', () => {
    expect(stepSlide(0, -1, 4)).toBe(3);
    expect(stepSlide(3, 1, 4)).toBe(0);
    expect(stepSlide(1, 1, 4)).toBe(2);
    expect(stepSlide(0, 1, 0)).toBe(0);
  });

  it('gives each status its own colour', () => {
    expect(new Set(Object.values(STATUS_COLORS)).size).toBe(3);
  });
});
