import { deriveRole } from '@sk-tanaw/contract';
import type { CouncilDuty, LoginUser, UserInfo } from '@sk-tanaw/contract';

/** The signed-in user as the client keeps it (spec part 1 section 3). */
export interface AuthUser {
  id: number;
  username: string;
  fullName: string;
  position: string;
  emailAddress: string;
  phoneNumber: string;
  barangay: string;
  role: string;
  /** The council duties the account holds (shown beside the position). */
  duties?: CouncilDuty[];
}

/** Login response user: `userId` is renamed `id`; the role falls back to the derived one. */
export function userFromLogin(user: LoginUser): AuthUser {
  return {
    id: user.userId,
    username: user.username,
    fullName: user.fullName,
    position: user.position,
    emailAddress: '',
    phoneNumber: '',
    barangay: user.barangay,
    role: user.role || deriveRole(user.position, 'login'),
    duties: user.duties ?? [],
  };
}

/** Session check response: the role is derived from the position the session way. */
export function userFromSession(info: UserInfo): AuthUser {
  return {
    id: info.userID,
    username: info.userName,
    fullName: info.fullName,
    position: info.position,
    emailAddress: info.emailAddress,
    phoneNumber: info.phoneNumber,
    barangay: info.barangay,
    role: deriveRole(info.position, 'session'),
    duties: info.duties ?? [],
  };
}
