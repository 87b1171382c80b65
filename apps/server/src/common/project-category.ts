/**
 * Budget categories of projects: the Philippine Youth Development Plan's centres of participation
 * (what the raw budget data are grouped by) with the words that point to each, and the keyword
 * inference used when a proposer leaves the category empty.
 */
export const PYDP_CATEGORY_KEYWORDS: Record<string, readonly string[]> = {
  Health: [
    'health',
    'medical',
    'mental',
    'nutrition',
    'feeding',
    'wellness',
    'dental',
    'vaccination',
    'hiv',
    'drug',
    'teenage pregnancy',
    'first aid',
    'hygiene',
    'clinic',
  ],
  Education: [
    'education',
    'school',
    'scholarship',
    'tutorial',
    'tutoring',
    'literacy',
    'reading',
    'learning',
    'library',
    'students',
    'student',
    'alternative learning',
    'review',
    'school supplies',
  ],
  'Economic Empowerment': [
    'livelihood',
    'entrepreneur',
    'entrepreneurship',
    'job',
    'jobs',
    'employment',
    'business',
    'skills training',
    'financial',
    'income',
    'career',
    'startup',
    'market',
  ],
  'Social Inclusion and Equity': [
    'inclusion',
    'pwd',
    'disability',
    'disabilities',
    'indigenous',
    'gender',
    'lgbt',
    'lgbtqia',
    'out-of-school',
    'equity',
    'marginalized',
    'senior',
  ],
  'Peace-Building and Security': [
    'peace',
    'security',
    'safety',
    'tanod',
    'anti-crime',
    'violence',
    'bullying',
    'curfew',
    'disaster',
    'rescue',
    'drrm',
  ],
  Governance: [
    'governance',
    'council',
    'assembly',
    'transparency',
    'planning',
    'budget hearing',
    'kk',
    'katipunan',
    'leadership',
    'officials',
    'capacity building',
    'administrative',
  ],
  'Active Citizenship': [
    'volunteer',
    'volunteering',
    'civic',
    'citizenship',
    'community service',
    'sports',
    'league',
    'basketball',
    'volleyball',
    'arts',
    'culture',
    'cultural',
    'festival',
    'linggo ng kabataan',
  ],
  Environment: [
    'environment',
    'environmental',
    'tree',
    'trees',
    'planting',
    'clean-up',
    'cleanup',
    'coastal',
    'waste',
    'recycling',
    'climate',
    'garden',
    'mangrove',
    'segregation',
  ],
  'Global Mobility': [
    'global',
    'exchange',
    'international',
    'abroad',
    'migration',
    'overseas',
    'language',
  ],
  Agriculture: [
    'agriculture',
    'farming',
    'farm',
    'urban gardening',
    'fishery',
    'fisheries',
    'crops',
    'aquaculture',
  ],
};

function normalise(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, ' ')
    .trim()} `;
}

/** Words of a category's own name worth matching (e.g. 'Economic', 'Empowerment'). */
function nameWords(category: string): string[] {
  return category
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 4 && w !== 'and');
}

/**
 * The category whose keywords (and own name) occur most often in the text, among `candidates`
 * (the barangay's raw-data categories, or the PYDP list when it has none); null when none occurs.
 * Ties go to the earlier candidate.
 */
export function inferCategory(text: string, candidates: readonly string[]): string | null {
  const haystack = normalise(text);
  let best: string | null = null;
  let bestScore = 0;
  for (const category of candidates) {
    const pydp = Object.entries(PYDP_CATEGORY_KEYWORDS).find(
      ([name]) => name.toLowerCase() === category.toLowerCase(),
    );
    const keywords = new Set([...nameWords(category), ...(pydp ? pydp[1] : [])]);
    let score = 0;
    for (const keyword of keywords) {
      const needle = normalise(keyword);
      let from = haystack.indexOf(needle);
      while (from !== -1) {
        score += 1;
        from = haystack.indexOf(needle, from + needle.length - 1);
      }
    }
    if (score > bestScore) {
      best = category;
      bestScore = score;
    }
  }
  return best;
}

/** The categories a project may take: the barangay's raw-data categories, else the PYDP list. */
export function categoryChoices(rawCategories: readonly string[]): string[] {
  return rawCategories.length > 0 ? [...rawCategories] : Object.keys(PYDP_CATEGORY_KEYWORDS);
}
