/**
 * Plain http is allowed only to this machine: the local fakes listen on 127.0.0.1, while a real
 * provider (or a test server behind a private CA, via NODE_EXTRA_CA_CERTS) is reached over https.
 * A token or a client secret must never cross a network in clear text.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** True when a request to this URL may carry credentials: https anywhere, http only on loopback. */
export function isSecureEnough(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isLoopbackHost(url.hostname);
}
