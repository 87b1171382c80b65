import type { PlanProgram, PydpCentre } from '@sk-tanaw/contract';

/** Three letters per centre of participation, for reference codes like `2027-YDEP-HEA-001`. */
export const CENTRE_CODES: Record<PydpCentre, string> = {
  Health: 'HEA',
  Education: 'EDU',
  'Economic Empowerment': 'ECO',
  'Social Inclusion and Equity': 'SIE',
  'Peace-building and Security': 'PBS',
  Governance: 'GOV',
  'Active Citizenship': 'ACT',
  Environment: 'ENV',
  'Global Mobility': 'GLM',
  Agriculture: 'AGR',
};

interface CodedLine {
  program: PlanProgram;
  centre: PydpCentre | null;
  referenceCode: string;
}

const prefixOf = (year: number, line: CodedLine) =>
  line.program === 'GAP'
    ? `${String(year)}-GAP`
    : line.centre
      ? `${String(year)}-YDEP-${CENTRE_CODES[line.centre]}`
      : `${String(year)}-YDEP`;

/**
 * The reference codes of `lines`, keeping every code already given and generating the missing
 * ones as `<year>-<program>[-<centre>]-<nnn>`, numbered after the highest number of that prefix
 * in the plan, so every code is unique within the plan.
 */
export function assignReferenceCodes(year: number, lines: readonly CodedLine[]): string[] {
  const used = new Set(lines.map((l) => l.referenceCode.trim()).filter((c) => c !== ''));
  const next = new Map<string, number>();
  for (const code of used) {
    const match = /^(.*)-(\d+)$/.exec(code);
    if (match?.[1] !== undefined && match[2] !== undefined) {
      next.set(match[1], Math.max(next.get(match[1]) ?? 1, Number(match[2]) + 1));
    }
  }
  return lines.map((line) => {
    const given = line.referenceCode.trim();
    if (given) {
      return given;
    }
    const prefix = prefixOf(year, line);
    let n = next.get(prefix) ?? 1;
    let code = `${prefix}-${String(n).padStart(3, '0')}`;
    while (used.has(code)) {
      n += 1;
      code = `${prefix}-${String(n).padStart(3, '0')}`;
    }
    used.add(code);
    next.set(prefix, n + 1);
    return code;
  });
}

/** The first reference code used by more than one line, or null. */
export function duplicateReferenceCode(codes: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const code of codes.map((c) => c.trim()).filter((c) => c !== '')) {
    if (seen.has(code)) {
      return code;
    }
    seen.add(code);
  }
  return null;
}
