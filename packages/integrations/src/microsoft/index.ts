/** Microsoft 365: Entra ID sign-in (openid-client) and the Microsoft Graph reads for SharePoint and OneDrive. */
export {
  type DriveDelta,
  downloadItem,
  type GraphDrive,
  type GraphDriveItem,
  type GraphSite,
  type GraphUser,
  getItemByPath,
  getMe,
  getMyDrive,
  getRootSite,
  getSite,
  getSiteDefaultDrive,
  listChildren,
  listSiteDrives,
  readDriveDelta,
  searchSites,
  toDriveItem,
} from './drives.ts';
export {
  createGraphClient,
  type DownloadedContent,
  type GraphClient,
  type GraphClientOptions,
  GraphError,
  type GraphErrorKind,
} from './graph-client.ts';
export {
  createMicrosoftIdentity,
  createPkcePair,
  type MicrosoftIdentity,
  type MicrosoftIdentityClaims,
  type MicrosoftIdentitySettings,
  OAuthError,
  type OAuthErrorKind,
  randomToken,
  type TokenSet,
} from './identity.ts';
export { isLoopbackHost } from './loopback.ts';
