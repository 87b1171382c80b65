import { describe, expect, it } from 'vitest';
import {
  draftFromPlan,
  draftProblems,
  lineObjectsOf,
  saveBodyOf,
  type DraftLine,
} from './draft.ts';
import { draftPlan, savedLine } from './test-fixtures.ts';

/** The message id and its values, so the test reads what was said, not a translation. */
const t = (id: string, values?: Record<string, unknown>) => `${id} ${JSON.stringify(values ?? {})}`;

function lineWith(patch: Partial<DraftLine>): DraftLine {
  const plan = draftPlan({ lines: [savedLine({ mooe: 20_000, co: 5_000 })] });
  const [line] = draftFromPlan(plan).lines;
  return { ...(line as DraftLine), ...patch };
}

describe('a line’s objects of expenditure in the editor', () => {
  it('lets a class with one object follow the line’s amount as it is typed', () => {
    const line = lineWith({
      mooe: '21500.25',
      objects: [
        { key: 'a', code: '5-02-03-010', amount: '20000' },
        { key: 'b', code: '1-07-05-030', amount: '' },
      ],
    });
    expect(lineObjectsOf(line)).toEqual([
      { code: '5-02-03-010', amount: 21500.25 },
      { code: '1-07-05-030', amount: 5000 },
    ]);
    // A class whose amount went to zero drops its object.
    expect(lineObjectsOf({ ...line, co: '' })).toEqual([{ code: '5-02-03-010', amount: 21500.25 }]);
  });

  it('names the line and the class when a split does not add up, and saves the objects', () => {
    const split = lineWith({
      objects: [
        { key: 'a', code: '5-02-03-010', amount: '12000' },
        { key: 'b', code: '5-02-06-020', amount: '7000' },
        { key: 'c', code: '1-07-05-030', amount: '' },
      ],
    });
    const plan = draftFromPlan(draftPlan({ lines: [savedLine()] }));
    const problems = draftProblems({ ...plan, lines: [split] }, t);
    expect(problems).toEqual([
      'plans.problem.objects {"number":"1","class":"MOOE","objects":"₱19,000.00","line":"₱20,000.00"}',
    ]);
    const fixed = {
      ...split,
      objects: split.objects.map((o) => (o.key === 'b' ? { ...o, amount: '8000' } : o)),
    };
    expect(draftProblems({ ...plan, lines: [fixed] }, t)).toEqual([]);
    expect(saveBodyOf({ ...plan, lines: [fixed] }, 3).lines[0]?.objects).toEqual([
      { code: '5-02-03-010', amount: 12000 },
      { code: '5-02-06-020', amount: 8000 },
      { code: '1-07-05-030', amount: 5000 },
    ]);
  });

  it('reads a saved line’s objects, and a line not itemised as none', () => {
    const plan = draftPlan({
      lines: [
        savedLine({
          id: 1,
          objects: [
            {
              code: '5-02-03-010',
              name: 'Office Supplies Expenses',
              expenseClass: 'MOOE',
              amount: 20000,
            },
          ],
          itemised: true,
        }),
        savedLine({ id: 2, referenceCode: 'YDEP-HEA-002' }),
      ],
    });
    const draft = draftFromPlan(plan);
    expect(draft.lines[0]?.objects.map((o) => [o.code, o.amount])).toEqual([
      ['5-02-03-010', '20000'],
    ]);
    expect(draft.lines[1]?.objects).toEqual([]);
    expect(saveBodyOf(draft, 1).lines[1]?.objects).toEqual([]);
  });
});
