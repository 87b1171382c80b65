// The schemas of GET /api/barangays are in barangay-list.ts: this module is read by the landing
// page's picker, whose first load must not carry the schema library.

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

/** Texts the server speaks about barangays; the web shows its own per code. */
export const BARANGAY_MESSAGES = {
  ambiguous: (name: string, cities: readonly string[]) =>
    `More than one barangay is named ${name} (${cities.join(', ')}). Please choose yours from the list.`,
  inactive: (name: string) =>
    `Barangay ${name} is not served by this installation at present, so it cannot be signed into.`,
} as const;

/** How many barangays GET /api/barangays answers at most. */
export const BARANGAY_SEARCH_LIMIT = 50;
