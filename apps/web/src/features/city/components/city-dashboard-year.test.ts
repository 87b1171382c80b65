import { describe, expect, it } from 'vitest';
import { yearChoices } from './city-dashboard-page.tsx';

describe('the city dashboard’s years', () => {
  it('offers next year to two years back, and the year the server opened on when it is another', () => {
    expect(yearChoices(2026, undefined)).toEqual([2027, 2026, 2025, 2024]);
    expect(yearChoices(2026, 2027)).toEqual([2027, 2026, 2025, 2024]);
    expect(yearChoices(2026, 2021)).toEqual([2027, 2026, 2025, 2024, 2021]);
  });
});
