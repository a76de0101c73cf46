// `npm run dev:fakes`: the local provider fakes on a fixed port (FAKES_PORT, default 8710), for
// running the app against Microsoft 365 without a network. Prints the settings to export.
//   FAKES_DEAL_TREE=200x12      seed 200 deal folders of 12 files each instead of the default tenant
//   FAKES_MS_REDIRECT_URIS=...  extra redirect URIs for the fake app registration (comma-separated)
import { DEFAULT_FAKE_CLIENT, seedDealTree, startMicrosoftFake } from '@atempo/integrations/fakes';

const port = Number(process.env.FAKES_PORT ?? 8710);
const tree = /^(\d+)x(\d+)$/.exec(process.env.FAKES_DEAL_TREE ?? '');
const extraRedirects = (process.env.FAKES_MS_REDIRECT_URIS ?? '')
  .split(',')
  .map((uri) => uri.trim())
  .filter(Boolean);

const microsoft = await startMicrosoftFake({
  port,
  ...(tree ? { seed: await seedDealTree(Number(tree[1]), Number(tree[2])) } : {}),
  client: { redirectUris: [...DEFAULT_FAKE_CLIENT.redirectUris, ...extraRedirects] },
});

console.log(`Microsoft 365 fake (Entra ID + Graph) listening on ${microsoft.url}

export MS_CLIENT_ID=${microsoft.clientId}
export MS_CLIENT_SECRET=${microsoft.clientSecret}
export MS_TENANT_ID=common
export MS_LOGIN_BASE_URL=${microsoft.loginBaseUrl}
export GRAPH_BASE_URL=${microsoft.graphBaseUrl}

Redirect URIs accepted: ${microsoft.redirectUris.join(', ')}
Users (sign-in picks the first; add &login_hint=<email>, or POST /__control/chooseNextAccount {"loginHint": "<email>"} before, to choose):
${microsoft.users.map((user) => `  ${user.displayName} <${user.email}>${user.personal ? ' (personal account)' : ''}`).join('\n')}
Sites: ${microsoft.sites.map((site) => `${site.displayName} [${site.drives.map((drive) => drive.name).join(', ')}]`).join('; ')}
Controls: POST ${microsoft.url}/__control/{name} (state, addFile, throttleNext, failNext, expireAccessTokens, …)`);

const stop = async () => {
  await microsoft.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
