import { describe, expect, it } from 'vitest';
import { can, deriveRole, findBarangay, homePathFor, isAdministrator } from '../src/index.ts';

describe('role derivation (spec part 1 section 6)', () => {
  it.each([
    ['Barangay Admin', 'login', 'MA'],
    ['system ADMINISTRATOR', 'session', 'MA, SA'],
    ['SK Chairperson', 'login', 'SKC'],
    ['sk official', 'session', 'SKO'],
    ['Treasurer', 'login', ''],
    ['', 'login', ''],
    ['SKC', 'login', 'SKC'],
    ['SKO', 'session', 'SKO'],
    ['MA', 'login', 'MA'],
    ['SA', 'session', 'MA, SA'],
  ] as const)('%s at %s gives %s', (position, at, role) => {
    expect(deriveRole(position, at)).toBe(role);
  });

  it('treats MA, SA and any position containing admin as administrators', () => {
    expect(isAdministrator('MA')).toBe(true);
    expect(isAdministrator('SA')).toBe(true);
    expect(isAdministrator('Barangay Admin')).toBe(true);
    expect(isAdministrator('Treasurer', 'MA, SA')).toBe(true);
    expect(isAdministrator('SKC')).toBe(false);
    expect(homePathFor('SA')).toBe('/admin/dashboard');
    expect(homePathFor('SKO')).toBe('/dashboard');
  });

  it('lets only officials propose and only chairs review', () => {
    expect(can({ position: 'SKO' }, 'project.propose')).toBe(true);
    expect(can({ position: 'SKC' }, 'project.propose')).toBe(false);
    expect(can({ position: 'SKC' }, 'project.review')).toBe(true);
    expect(can({ position: 'MA' }, 'project.review')).toBe(false);
    expect(can({ position: 'MA' }, 'admin.access')).toBe(true);
    expect(can({ position: null }, 'forecast.view')).toBe(false);
    expect(can(null, 'admin.access')).toBe(false);
  });
});

describe('barangays', () => {
  it('reads both spellings of Nagkaisang Nayon as one barangay', () => {
    expect(findBarangay('Nagkaisang Ngayon')?.code).toBe('NN');
    expect(findBarangay('  nagkaisang   nayon ')?.code).toBe('NN');
    expect(findBarangay('San Bartolome')?.code).toBe('SB');
    expect(findBarangay('Elsewhere')).toBeNull();
  });
});
