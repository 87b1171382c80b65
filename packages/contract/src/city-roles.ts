import type { CityRoleCode } from './roles.ts';

/**
 * Names and descriptions of the city roles, kept out of roles.ts, which the
 * landing page reads: the server seeds them into `roles`, the city pages show them.
 */
export const CITY_ROLE_DEFINITIONS: readonly {
  code: CityRoleCode;
  name: string;
  description: string;
}[] = [
  {
    code: 'CA',
    name: 'City Administrator',
    description:
      "Runs the city's installation: activates and deactivates the city's barangays, creates each one's first administrator, and keeps installation-wide backups.",
  },
  {
    code: 'CYDO',
    name: 'Youth Development Officer',
    description:
      "The city's youth development office (RA 10742 s. 24): reads every barangay of the city and decides the LGU steps of SK project proposals.",
  },
  {
    code: 'CBO',
    name: 'Budget Officer',
    description:
      'The city budget officer, through whom SK annual budgets reach the sanggunian (DBM-DILG-NYC JMC No. 1 s. 2019, item 3.3.3.4): reads every barangay of the city and reviews their budgets.',
  },
  {
    code: 'SKF',
    name: 'SK Federation President',
    description:
      "The president of the city's SK Federation (pederasyon ng mga SK, RA 10742 s. 20): reads every barangay of the city.",
  },
];
