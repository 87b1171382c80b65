import { cityRole, effectiveRole, isAdministrator } from './roles.ts';

/** Everything a policy needs to know about the signed-in user. */
export interface PolicySubject {
  position: string | null;
  /** The user's id: ownership rules compare it with the resource's `ownerId`. */
  id?: number;
  /** The user's barangay: barangay rules compare it with the resource's `barangayId`. */
  barangayId?: number;
}

/**
 * The thing acted on, for rules that depend on it: `ownerId` for "own project" rules, `barangayId`
 * for "own barangay" rules. Without a resource, `can` answers the role part only (may this user
 * ever do this?), which is what a route checks before it has fetched anything.
 */
export interface PolicyResource {
  ownerId?: number;
  barangayId?: number;
}

export type Action =
  | 'admin.access'
  | 'backup.manage'
  | 'project.propose'
  | 'project.listOwn'
  | 'project.resubmit'
  | 'project.review'
  | 'project.followHistory'
  | 'project.openFile'
  | 'forecast.view'
  | 'analysis.view'
  | 'rawdata.view'
  | 'rawdata.manage'
  | 'plan.view'
  | 'plan.edit'
  | 'plan.approve'
  | 'tracker.view'
  | 'tracker.edit'
  | 'tracker.designate'
  | 'kk.stats'
  | 'kk.personal'
  | 'kk.designate'
  | 'council.view'
  | 'council.assign'
  | 'turnover.view'
  | 'turnover.manage'
  | 'procurement.view'
  | 'procurement.constitute'
  | 'procurement.edit';

function owns(user: PolicySubject, resource: PolicyResource | undefined): boolean {
  return resource === undefined || (user.id !== undefined && resource.ownerId === user.id);
}

function sameBarangay(user: PolicySubject, resource: PolicyResource | undefined): boolean {
  return (
    resource === undefined ||
    resource.barangayId === undefined ||
    (user.barangayId !== undefined && resource.barangayId === user.barangayId)
  );
}

/** One place for role rules, shared by the server (enforces) and the web app (mirrors). */
export function can(
  user: PolicySubject | null | undefined,
  action: Action,
  resource?: PolicyResource,
): boolean {
  if (!user) {
    return false;
  }
  const role = effectiveRole(user.position);
  switch (action) {
    case 'admin.access':
      return isAdministrator(user.position) && sameBarangay(user, resource);
    case 'backup.manage':
      // A barangay's administrators, and the city administrator; which of them
      // hold this installation's backups the server decides (backup/holders.ts).
      return (
        (isAdministrator(user.position) && sameBarangay(user, resource)) ||
        cityRole(user.position) === 'CA'
      );
    case 'rawdata.manage':
      return isAdministrator(user.position) && sameBarangay(user, resource);
    case 'project.propose':
      return role === 'SKO';
    case 'project.listOwn':
    case 'project.resubmit':
      // An official's own projects only.
      return role === 'SKO' && owns(user, resource);
    case 'project.review':
      return role === 'SKC' && sameBarangay(user, resource);
    case 'project.followHistory':
      // The proposer, or the chair of the project's barangay.
      if (resource === undefined) {
        return role !== null;
      }
      return owns(user, resource) || (role === 'SKC' && sameBarangay(user, resource));
    case 'project.openFile':
      // The proposer, or the chair or an administrator of the project's barangay.
      if (resource === undefined) {
        return role !== null || isAdministrator(user.position);
      }
      return (
        owns(user, resource) ||
        ((role === 'SKC' || isAdministrator(user.position)) && sameBarangay(user, resource))
      );
    case 'forecast.view':
    case 'analysis.view':
    case 'rawdata.view':
      return role !== null;
    case 'plan.view':
      // Every role of the plan's barangay; administrators read only.
      return (role !== null || isAdministrator(user.position)) && sameBarangay(user, resource);
    case 'plan.edit':
      // The SK chairperson and SK officials prepare the plan (the treasurer is an SK official).
      return (role === 'SKC' || role === 'SKO') && sameBarangay(user, resource);
    case 'plan.approve':
      // Approval and posting follow the SK's resolution, which the chairperson attests.
      return role === 'SKC' && sameBarangay(user, resource);
    case 'tracker.view':
      // Every role of the barangay; administrators read only.
      return (role !== null || isAdministrator(user.position)) && sameBarangay(user, resource);
    case 'tracker.edit':
      // The chairperson and the officials carry the plan out and record what was done and spent.
      return (role === 'SKC' || role === 'SKO') && sameBarangay(user, resource);
    case 'tracker.designate':
      // The chairperson designates the Budget Monitoring Officer (DILG MC 2023-068).
      return role === 'SKC' && sameBarangay(user, resource);
    case 'kk.stats':
      // Counts of the youth registry: every role of the barangay (no personal data).
      return (role !== null || isAdministrator(user.position)) && sameBarangay(user, resource);
    case 'kk.personal':
      // Personal data of the youth registry (RA 10173): the chairperson, or the SK official the
      // chairperson designates to the SK secretary's duty (checked against the designation by
      // the server); never administrators.
      return (role === 'SKC' || role === 'SKO') && sameBarangay(user, resource);
    case 'kk.designate':
      return role === 'SKC' && sameBarangay(user, resource);
    case 'council.view':
      // Who holds the council's duties: every role of the barangay, administrators included.
      return (role !== null || isAdministrator(user.position)) && sameBarangay(user, resource);
    case 'council.assign':
      // The chairperson appoints the treasurer and the secretary and designates the Budget
      // Monitoring Officer (RA 10742 s. 7, with the concurrence of the SK's majority).
      return role === 'SKC' && sameBarangay(user, resource);
    case 'turnover.view':
      // The inventory for the turnover: every role of the barangay, administrators included.
      return (role !== null || isAdministrator(user.position)) && sameBarangay(user, resource);
    case 'turnover.manage':
      // The SK chairperson creates the SK Inventory Team by order (DILG MC No. 2023-047).
      return role === 'SKC' && sameBarangay(user, resource);
    case 'procurement.view':
      // The SK's procurement: every role of the barangay, administrators read only.
      return (role !== null || isAdministrator(user.position)) && sameBarangay(user, resource);
    case 'procurement.constitute':
      // The chairperson, Head of the Procuring Entity, constitutes the BAC (GPPB Circ. 07-2019).
      return role === 'SKC' && sameBarangay(user, resource);
    case 'procurement.edit':
      // The chairperson and the SK officials (the BAC, its secretariat) keep the procurement.
      return (role === 'SKC' || role === 'SKO') && sameBarangay(user, resource);
  }
}
