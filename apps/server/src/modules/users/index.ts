export { createCallerLookup } from './caller-lookup.ts';
export {
  acceptInvitation,
  findInvitationWithInviter,
  findOpenInvitation,
  inviteMember,
  listOpenInvitations,
  revokeInvitation,
} from './invitations.service.ts';
export { membersByIds } from './members.queries.ts';
export { displayName, type UserName, userNamesByIds } from './users.queries.ts';
export { usersRoutes } from './users.routes.ts';
export {
  authenticate,
  countAdmins,
  createUser,
  emailTaken,
  findMember,
  findUserByEmail,
  findUserById,
  getUser,
  isEmailTaken,
  listMembers,
  lockUser,
  removeMember,
  replacePassword,
  setRole,
  toOrganizationUser,
  toUser,
  type UserRow,
  updateProfile,
} from './users.service.ts';
