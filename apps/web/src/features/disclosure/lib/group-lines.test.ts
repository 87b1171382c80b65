import { describe, expect, it } from 'vitest';
import { HONORARIA_PPA, groupAbyip } from './group-lines.ts';
import { postedPlan } from './test-fixtures.ts';

describe('groupAbyip', () => {
  it('groups general administration first, then youth development by centre, with exact totals', () => {
    const plan = postedPlan();
    const table = groupAbyip(plan);
    expect(table.programs.map((p) => p.program)).toEqual(['GAP', 'YDEP']);
    const [gap, ydep] = table.programs;
    // The honoraria schedule (₱21,600) is a row of general administration.
    expect(gap?.centres[0]?.lines.map((l) => l.ppa)).toEqual([HONORARIA_PPA, 'Office supplies']);
    expect(gap?.subtotal.total).toBe(26600);
    // Centres in the Philippine Youth Development Plan's order: Health before Education.
    expect(ydep?.centres.map((c) => c.label)).toEqual(['Health', 'Education']);
    expect(ydep?.centres[1]?.subtotal).toEqual({
      ps: 0,
      mooe: 12000,
      co: 8000.25,
      total: 20000.25,
    });
    expect(table.grandTotal.total).toBe(plan.totals.appropriations);
    expect(table.grandTotal.total).toBe(76600.75);
  });

  it('leaves out a program without lines and the honoraria row when there are none', () => {
    const plan = postedPlan();
    const ydepOnly = postedPlan({
      lines: plan.lines.filter((l) => l.program === 'YDEP'),
      totals: { ...plan.totals, honoraria: 0 },
    });
    expect(groupAbyip(ydepOnly).programs.map((p) => p.program)).toEqual(['YDEP']);
  });
});
