import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/** Password of every seeded demo account. */
export const DEMO_PASSWORD = 'Tanaw#2025';

export type BarangayName = 'San Bartolome' | 'Nagkaisang Nayon';

export interface DemoUser {
  username: string;
  barangay: BarangayName;
  position: 'MA' | 'SA' | 'SKC' | 'SKO';
  /** Where the spec sends this user after login. */
  home: '/admin/dashboard' | '/dashboard';
}

/** The seeded demo accounts (DESIGN.md, "Demo data"). */
export const DEMO_USERS = {
  'sb.admin': {
    username: 'sb.admin',
    barangay: 'San Bartolome',
    position: 'MA',
    home: '/admin/dashboard',
  },
  'sb.chair': {
    username: 'sb.chair',
    barangay: 'San Bartolome',
    position: 'SKC',
    home: '/dashboard',
  },
  'sb.official': {
    username: 'sb.official',
    barangay: 'San Bartolome',
    position: 'SKO',
    home: '/dashboard',
  },
  // The demo's treasurer and Budget Monitoring Officer (SEED_DEMO_VOUCHERS).
  'sb.treasurer': {
    username: 'sb.treasurer',
    barangay: 'San Bartolome',
    position: 'SKO',
    home: '/dashboard',
  },
  'sb.bmo': {
    username: 'sb.bmo',
    barangay: 'San Bartolome',
    position: 'SKO',
    home: '/dashboard',
  },
  // The demo's BAC (SEED_DEMO_PROCUREMENT): its chair, vice chair, a member and the inspector.
  'sb.kagawad1': {
    username: 'sb.kagawad1',
    barangay: 'San Bartolome',
    position: 'SKO',
    home: '/dashboard',
  },
  'sb.kagawad2': {
    username: 'sb.kagawad2',
    barangay: 'San Bartolome',
    position: 'SKO',
    home: '/dashboard',
  },
  'sb.kagawad3': {
    username: 'sb.kagawad3',
    barangay: 'San Bartolome',
    position: 'SKO',
    home: '/dashboard',
  },
  'sb.kagawad4': {
    username: 'sb.kagawad4',
    barangay: 'San Bartolome',
    position: 'SKO',
    home: '/dashboard',
  },
  'nn.admin': {
    username: 'nn.admin',
    barangay: 'Nagkaisang Nayon',
    position: 'SA',
    home: '/admin/dashboard',
  },
  'nn.chair': {
    username: 'nn.chair',
    barangay: 'Nagkaisang Nayon',
    position: 'SKC',
    home: '/dashboard',
  },
  'nn.official': {
    username: 'nn.official',
    barangay: 'Nagkaisang Nayon',
    position: 'SKO',
    home: '/dashboard',
  },
} as const satisfies Record<string, DemoUser>;

export type DemoUsername = keyof typeof DEMO_USERS;

/** Landing page -> Login -> 'Select Your Barangay' -> the barangay's button: the login modal. */
export async function openLoginModal(page: Page, barangay: BarangayName): Promise<void> {
  await page.goto('/home');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Login' })
    .click();
  const picker = page.getByRole('dialog', { name: 'Select Your Barangay' });
  await expect(picker).toBeVisible();
  await pickBarangay(page, picker, barangay);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByText(`Logging in to: ${barangay}`)).toBeVisible();
}

/**
 * Chooses a barangay in the open picker: the installation serves Quezon City's 142 barangays,
 * so the picker is a search: type the name, choose the option of that name.
 */
export async function pickBarangay(page: Page, picker: Locator, barangay: string): Promise<void> {
  await picker.getByRole('combobox').fill(barangay);
  await page.getByRole('option', { name: barangay }).first().click();
}

/** Fills and submits the open login modal. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Signs a Quezon City account in (the city's name as its barangay) and lands on /city. */
export async function signInToCity(page: Page, username: string): Promise<void> {
  await page.goto('/login?city=Quezon%20City');
  await submitLogin(page, username, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/city$/);
}

/** Signs in through the UI, from the landing page, with any credentials. */
export async function loginThroughUi(
  page: Page,
  username: string,
  password: string,
  barangay: BarangayName,
): Promise<void> {
  await openLoginModal(page, barangay);
  await submitLogin(page, username, password);
}

const BARANGAY_CODES: Record<BarangayName, string> = {
  'San Bartolome': 'SB',
  'Nagkaisang Nayon': 'NN',
};

/** Opens the login modal straight at /login with the barangay chosen (skips landing and picker). */
export async function openLoginModalDirect(page: Page, barangay: BarangayName): Promise<void> {
  await page.goto(`/login?barangay=${BARANGAY_CODES[barangay]}`);
  await expect(page.getByText(`Logging in to: ${barangay}`)).toBeVisible();
}

/**
 * Signs in as a demo user and waits until they land on their home page. By default through the
 * landing page and the barangay picker, as a person does; `direct: true` opens /login at once
 * for tests about what happens after sign-in.
 */
export async function loginAs(
  page: Page,
  username: DemoUsername,
  options: { direct?: boolean } = {},
): Promise<DemoUser> {
  const user: DemoUser = DEMO_USERS[username];
  if (options.direct) {
    await openLoginModalDirect(page, user.barangay);
  } else {
    await openLoginModal(page, user.barangay);
  }
  await submitLogin(page, user.username, DEMO_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`${user.home}$`));
  return user;
}

/** Logs out with the sidebar button and waits for the public landing page. */
export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/**
 * Scrolls every scroll-reveal section of the page into view in turn, waiting until each has been
 * revealed (it stays revealed once it has).
 */
export async function revealWholePage(page: Page): Promise<void> {
  const sections = page.locator('[data-revealed]');
  const count = await sections.count();
  for (let i = 0; i < count; i += 1) {
    const section = sections.nth(i);
    await section.scrollIntoViewIfNeeded();
    await expect(section).toHaveAttribute('data-revealed', 'true');
  }
}
