import { effectiveRole, isAdministrator } from './roles.ts';

/** Everything a policy needs to know about the signed-in user. */
export interface PolicySubject {
  position: string | null;
}

export type Action =
  | 'admin.access'
  | 'project.propose'
  | 'project.listOwn'
  | 'project.review'
  | 'forecast.view'
  | 'analysis.view';

/** One place for role rules, shared by the server (enforces) and the web app (mirrors). */
export function can(user: PolicySubject | null | undefined, action: Action): boolean {
  if (!user) {
    return false;
  }
  const role = effectiveRole(user.position);
  switch (action) {
    case 'admin.access':
      return isAdministrator(user.position);
    case 'project.propose':
    case 'project.listOwn':
      return role === 'SKO';
    case 'project.review':
      return role === 'SKC';
    case 'forecast.view':
    case 'analysis.view':
      return role !== null;
  }
}
