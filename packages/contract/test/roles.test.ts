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

  it('checks the resource where a rule needs it: own project, own barangay', () => {
    const official = { id: 5, barangayId: 1, position: 'SKO' };
    const chair = { id: 6, barangayId: 1, position: 'SKC' };
    const admin = { id: 7, barangayId: 1, position: 'MA' };
    const own = { ownerId: 5, barangayId: 1 };
    const colleagues = { ownerId: 9, barangayId: 1 };
    const elsewhere = { ownerId: 8, barangayId: 2 };
    expect(can(official, 'project.resubmit', own)).toBe(true);
    expect(can(official, 'project.resubmit', colleagues)).toBe(false);
    expect(can(chair, 'project.resubmit', own)).toBe(false);
    expect(can(official, 'project.listOwn', { ownerId: 5 })).toBe(true);
    expect(can(official, 'project.listOwn', { ownerId: 6 })).toBe(false);
    expect(can(chair, 'project.review', colleagues)).toBe(true);
    expect(can(chair, 'project.review', elsewhere)).toBe(false);
    expect(can(chair, 'project.followHistory', colleagues)).toBe(true);
    expect(can(chair, 'project.followHistory', elsewhere)).toBe(false);
    expect(can(official, 'project.followHistory', colleagues)).toBe(false);
    expect(can(admin, 'project.openFile', colleagues)).toBe(true);
    expect(can(admin, 'project.openFile', elsewhere)).toBe(false);
    expect(can(admin, 'admin.access', { barangayId: 2 })).toBe(false);
    expect(can({ position: 'SKO' }, 'project.resubmit', own)).toBe(false);
  });

  it('lets every council position read raw data and only administrators change it', () => {
    for (const position of ['MA', 'SA', 'SKC', 'SKO']) {
      expect(can({ position }, 'rawdata.view')).toBe(true);
    }
    expect(can({ position: 'MA' }, 'rawdata.manage')).toBe(true);
    expect(can({ position: 'SA' }, 'rawdata.manage')).toBe(true);
    expect(can({ position: 'SKC' }, 'rawdata.manage')).toBe(false);
    expect(can({ position: 'SKO' }, 'rawdata.manage')).toBe(false);
    expect(can({ position: null }, 'rawdata.view')).toBe(false);
  });
});

describe('backups', () => {
  it("lets a barangay's administrators and the city administrator ask; the server decides whose", () => {
    expect(can({ position: 'MA' }, 'backup.manage')).toBe(true);
    expect(can({ position: 'SA' }, 'backup.manage')).toBe(true);
    expect(can({ position: 'CA' }, 'backup.manage')).toBe(true);
    for (const position of ['SKC', 'SKO', 'CYDO', 'CBO', 'SKF', null]) {
      expect(can({ position }, 'backup.manage'), String(position)).toBe(false);
    }
    // The city administrator is no barangay's administrator: the admin area stays closed.
    expect(can({ position: 'CA' }, 'admin.access')).toBe(false);
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
