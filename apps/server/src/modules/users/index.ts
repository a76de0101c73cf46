export {
  acceptInvitation,
  findInvitationWithInviter,
  findOpenInvitation,
  inviteMember,
  listOpenInvitations,
  revokeInvitation,
} from './invitations.service.ts';
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
  removeMember,
  replacePassword,
  setRole,
  toOrganizationUser,
  toUser,
  type UserRow,
  updateProfile,
} from './users.service.ts';
