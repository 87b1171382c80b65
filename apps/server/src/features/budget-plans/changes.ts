import {
  computePlanTotals,
  toCentavos,
  toPesos,
  type PlanChange,
  type PlanInput,
  type SavedPlanLine,
} from '@sk-tanaw/contract';

/** The fields of a line compared between versions (its id is not: a copy gets new ids). */
const COMPARED: readonly (keyof SavedPlanLine)[] = [
  'program',
  'centre',
  'ppa',
  'description',
  'expectedResult',
  'performanceIndicator',
  'startMonth',
  'endMonth',
  'responsible',
  'ps',
  'mooe',
  'co',
  'training',
  'projectId',
];

const lineTotal = (line: SavedPlanLine) =>
  toPesos(toCentavos(line.ps) + toCentavos(line.mooe) + toCentavos(line.co));

export interface VersionContent extends PlanInput {
  lines: SavedPlanLine[];
}

/**
 * What a version changes in the version it amends, line by line (matched by reference code, which
 * a new version keeps), then the receipts and the honoraria schedule as rows of their own.
 * `before`/`after` are totals in pesos.
 */
export function planChanges(base: VersionContent, current: VersionContent): PlanChange[] {
  const changes: PlanChange[] = [];
  const before = new Map(base.lines.map((l) => [l.referenceCode, l]));
  const after = new Map(current.lines.map((l) => [l.referenceCode, l]));
  for (const line of current.lines) {
    const old = before.get(line.referenceCode);
    if (!old) {
      changes.push({
        kind: 'added',
        referenceCode: line.referenceCode,
        ppa: line.ppa,
        fields: [],
        before: null,
        after: lineTotal(line),
      });
      continue;
    }
    const fields = COMPARED.filter((field) => old[field] !== line[field]);
    if (fields.length > 0) {
      changes.push({
        kind: 'changed',
        referenceCode: line.referenceCode,
        ppa: line.ppa,
        fields: [...fields],
        before: lineTotal(old),
        after: lineTotal(line),
      });
    }
  }
  for (const line of base.lines) {
    if (!after.has(line.referenceCode)) {
      changes.push({
        kind: 'removed',
        referenceCode: line.referenceCode,
        ppa: line.ppa,
        fields: [],
        before: lineTotal(line),
        after: null,
      });
    }
  }
  const baseTotals = computePlanTotals(base);
  const currentTotals = computePlanTotals(current);
  if (baseTotals.receipts !== currentTotals.receipts) {
    changes.push({
      kind: 'changed',
      referenceCode: 'RECEIPTS',
      ppa: 'Total receipts',
      fields: ['receipts'],
      before: baseTotals.receipts,
      after: currentTotals.receipts,
    });
  }
  if (baseTotals.honoraria !== currentTotals.honoraria) {
    changes.push({
      kind: 'changed',
      referenceCode: 'HONORARIA',
      ppa: 'Honoraria schedule (personal services)',
      fields: ['honoraria'],
      before: baseTotals.honoraria,
      after: currentTotals.honoraria,
    });
  }
  return changes;
}
