import treePlanting from '../assets/tree-planting.svg';
import coastalCleanup from '../assets/coastal-cleanup.svg';
import basketballLeague from '../assets/basketball-league.svg';
import funRun from '../assets/fun-run.svg';
import readingHub from '../assets/reading-hub.svg';
import scholarship from '../assets/scholarship.svg';
import healthMission from '../assets/health-mission.svg';
import mentalHealth from '../assets/mental-health.svg';

export const SHOWCASE_CATEGORIES = ['Environment', 'Sports', 'Education', 'Healthcare'] as const;
export type ShowcaseCategory = (typeof SHOWCASE_CATEGORIES)[number];

export const SHOWCASE_STATUSES = ['Completed', 'Ongoing', 'Upcoming'] as const;
export type ShowcaseStatus = (typeof SHOWCASE_STATUSES)[number];

/** A showcase item (spec part 1 section 3). */
export interface ShowcaseItem {
  id: number;
  title: string;
  description: string;
  barangay: string;
  date: string;
  author: string;
  mediaType: 'image' | 'video';
  mediaUrl: string;
  thumbnailUrl: string;
  tags: string[];
  likes: number;
  comments: number;
  category: ShowcaseCategory;
  status: ShowcaseStatus;
}

/** Fixed sample content: the showcase is not fetched from a server. */
export const SHOWCASE_ITEMS: readonly ShowcaseItem[] = [
  {
    id: 1,
    title: 'Kabataan Tree Planting Drive',
    description:
      'Youth volunteers planted native narra and molave seedlings along the creek banks to slow erosion and give the community more shade.',
    barangay: 'San Bartolome',
    date: 'July 2025',
    author: 'SK Committee on Environment',
    mediaType: 'image',
    mediaUrl: treePlanting,
    thumbnailUrl: treePlanting,
    tags: ['environment', 'volunteers', 'climate'],
    likes: 128,
    comments: 24,
    category: 'Environment',
    status: 'Completed',
  },
  {
    id: 2,
    title: 'Inter-Purok Basketball League',
    description:
      'A season-long league for players aged 15 to 30, with referee training and a code of conduct written together with the teams.',
    barangay: 'San Bartolome',
    date: 'October 2025 – January 2026',
    author: 'SK Committee on Sports',
    mediaType: 'image',
    mediaUrl: basketballLeague,
    thumbnailUrl: basketballLeague,
    tags: ['sports', 'league', 'teamwork'],
    likes: 214,
    comments: 41,
    category: 'Sports',
    status: 'Ongoing',
  },
  {
    id: 3,
    title: 'Community Reading Hub',
    description:
      'A corner of the barangay hall turned into a reading space with donated books, weekend story hours and homework help for pupils.',
    barangay: 'San Bartolome',
    date: 'March 2026',
    author: 'SK Committee on Education',
    mediaType: 'image',
    mediaUrl: readingHub,
    thumbnailUrl: readingHub,
    tags: ['education', 'literacy', 'children'],
    likes: 96,
    comments: 12,
    category: 'Education',
    status: 'Upcoming',
  },
  {
    id: 4,
    title: 'Youth Health and Wellness Mission',
    description:
      'Free check-ups, blood typing and health talks for young people, run with the barangay health center and volunteer nurses.',
    barangay: 'San Bartolome',
    date: 'May 2025',
    author: 'SK Committee on Health',
    mediaType: 'image',
    mediaUrl: healthMission,
    thumbnailUrl: healthMission,
    tags: ['health', 'check-up', 'wellness'],
    likes: 153,
    comments: 19,
    category: 'Healthcare',
    status: 'Completed',
  },
  {
    id: 5,
    title: 'Estero Clean-Up Saturdays',
    description:
      'Monthly clean-ups of the estero with waste segregation drills, so fewer plastics reach the river during the rainy season.',
    barangay: 'Nagkaisang Nayon',
    date: 'Every last Saturday, 2025',
    author: 'SK Committee on Environment',
    mediaType: 'image',
    mediaUrl: coastalCleanup,
    thumbnailUrl: coastalCleanup,
    tags: ['environment', 'clean-up', 'waste'],
    likes: 87,
    comments: 9,
    category: 'Environment',
    status: 'Ongoing',
  },
  {
    id: 6,
    title: 'Takbo Para sa Kabataan Fun Run',
    description:
      'A 5 km community fun run whose registration fees fund sports equipment for the barangay covered court.',
    barangay: 'Nagkaisang Nayon',
    date: 'February 2026',
    author: 'SK Committee on Sports',
    mediaType: 'image',
    mediaUrl: funRun,
    thumbnailUrl: funRun,
    tags: ['sports', 'fun run', 'fundraising'],
    likes: 176,
    comments: 33,
    category: 'Sports',
    status: 'Upcoming',
  },
  {
    id: 7,
    title: 'Educational Assistance Program',
    description:
      'Cash assistance for school supplies and transport for senior high and college students from low-income households.',
    barangay: 'Nagkaisang Nayon',
    date: 'August 2025',
    author: 'SK Committee on Education',
    mediaType: 'image',
    mediaUrl: scholarship,
    thumbnailUrl: scholarship,
    tags: ['education', 'scholarship', 'students'],
    likes: 241,
    comments: 52,
    category: 'Education',
    status: 'Completed',
  },
  {
    id: 8,
    title: 'Mental Health First Aid Workshop',
    description:
      'Trained youth leaders learn to listen, spot warning signs and refer peers to professional help, in partnership with the city health office.',
    barangay: 'San Bartolome',
    date: 'November 2025',
    author: 'SK Committee on Health',
    mediaType: 'image',
    mediaUrl: mentalHealth,
    thumbnailUrl: mentalHealth,
    tags: ['health', 'mental health', 'peer support'],
    likes: 119,
    comments: 17,
    category: 'Healthcare',
    status: 'Ongoing',
  },
];

export const ALL_BARANGAYS = 'All Barangays';
export const ALL_PROJECTS = 'All Projects';

/** Items matching both filters; 'All ...' matches everything. */
export function filterShowcase(
  items: readonly ShowcaseItem[],
  barangay: string,
  category: string,
): ShowcaseItem[] {
  return items.filter(
    (item) =>
      (barangay === ALL_BARANGAYS || item.barangay === barangay) &&
      (category === ALL_PROJECTS || item.category === category),
  );
}

/** Wrap-around step through `count` slides. */
export function stepSlide(index: number, delta: number, count: number): number {
  if (count <= 0) {
    return 0;
  }
  return (((index + delta) % count) + count) % count;
}

/** Each showcase status has its own colour (text on it is white, contrast above 4.5:1). */
export const STATUS_COLORS: Record<ShowcaseStatus, string> = {
  Completed: '#1e7d3a',
  Ongoing: '#1f5fbf',
  Upcoming: '#8a4b00',
};
