/** A barangay is a tenant. The spec spells Nagkaisang Nayon also as "Nagkaisang Ngayon": same barangay. */
export interface BarangayDefinition {
  code: string;
  name: string;
  aliases: readonly string[];
}

export const BARANGAYS: readonly BarangayDefinition[] = [
  { code: 'SB', name: 'San Bartolome', aliases: ['San Bartolome', 'Brgy. San Bartolome'] },
  {
    code: 'NN',
    name: 'Nagkaisang Nayon',
    aliases: ['Nagkaisang Nayon', 'Nagkaisang Ngayon', 'Brgy. Nagkaisang Nayon'],
  },
];

/** Lower-cases, trims and folds inner white space, so aliases compare reliably. */
export function barangayKey(input: string): string {
  return input.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Returns the canonical barangay for a name or alias, or null when it is not one we serve. */
export function findBarangay(input: string): BarangayDefinition | null {
  const key = barangayKey(input);
  return (
    BARANGAYS.find(
      (b) => barangayKey(b.code) === key || b.aliases.some((a) => barangayKey(a) === key),
    ) ?? null
  );
}
