import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createOAuthPopupService,
  OAUTH_POPUP_POLL_MS,
  OAUTH_TIMEOUT_MS,
  OAuthPopupError,
  POPUP_BLOCKED_MESSAGE,
  readOAuthMessage,
} from './oauth-popup.ts';

const OWN = window.location.origin;
const API = 'http://localhost:8000';

/** A stand-in popup window: the service only reads `closed` and calls `close()`. */
function fakePopup() {
  const popup = { closed: false, close: vi.fn(() => (popup.closed = true)) };
  return popup;
}

function post(data: unknown, origin: string) {
  window.dispatchEvent(new MessageEvent('message', { data, origin }));
}

const options = {
  url: 'https://login.example/authorize',
  allowedOrigins: [OWN, API],
  read: readOAuthMessage,
};

describe('OAuth popup service (spec 03 §4, §5, §9)', () => {
  let popup: ReturnType<typeof fakePopup>;
  let open: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    vi.useFakeTimers();
    popup = fakePopup();
    open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  });

  afterEach(() => {
    open.mockRestore();
    vi.useRealTimers();
  });

  it("resolves on an 'oauth-success' message from an allowed origin and closes the popup", async () => {
    const service = createOAuthPopupService();
    const flow = service.open(options);
    expect(open).toHaveBeenCalledWith(options.url, 'oauth-popup', expect.stringContaining('width=600'));
    expect(service.inProgress()).toBe(true);
    post({ type: 'oauth-success', provider: 'box' }, API);
    await expect(flow).resolves.toEqual({ type: 'oauth-success', provider: 'box' });
    expect(popup.close).toHaveBeenCalled();
    expect(service.inProgress()).toBe(false);
  });

  it("rejects with the text of an 'oauth-error' message, or 'OAuth failed'", async () => {
    const service = createOAuthPopupService();
    const first = service.open(options);
    post({ type: 'oauth-error', error: 'access_denied' }, OWN);
    await expect(first).rejects.toThrow('access_denied');
    popup.closed = false;
    const second = service.open(options);
    post({ type: 'oauth-error' }, OWN);
    await expect(second).rejects.toThrow('OAuth failed');
  });

  it('ignores messages from origins outside the allowlist, and messages it does not know', async () => {
    const service = createOAuthPopupService();
    const flow = service.open(options);
    let settled = false;
    flow.then(
      () => (settled = true),
      () => (settled = true),
    );
    post({ type: 'oauth-success' }, 'https://evil.example');
    post({ type: 'something-else' }, OWN);
    post('oauth-success', OWN);
    await vi.advanceTimersByTimeAsync(OAUTH_POPUP_POLL_MS * 3);
    expect(settled).toBe(false);
    post({ type: 'oauth-success', ok: 1 }, OWN);
    await expect(flow).resolves.toEqual({ type: 'oauth-success', ok: 1 });
  });

  it('refuses a second flow while one is in progress, and allows one after it ends', async () => {
    const service = createOAuthPopupService();
    const first = service.open(options);
    const second = service.open(options);
    await expect(second).rejects.toMatchObject({ reason: 'busy' });
    expect(open).toHaveBeenCalledTimes(1);
    post({ type: 'oauth-success' }, OWN);
    await first;
    popup.closed = false;
    const third = service.open(options);
    expect(open).toHaveBeenCalledTimes(2);
    post({ type: 'oauth-success' }, OWN);
    await expect(third).resolves.toBeDefined();
  });

  it("ends with 'OAuth cancelled' when the popup is closed, found by the poll every second", async () => {
    const service = createOAuthPopupService();
    const flow = service.open(options);
    const outcome = flow.catch((error: unknown) => error);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(OAUTH_POPUP_POLL_MS - 1);
    expect(service.inProgress()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(OAuthPopupError);
    expect(error).toMatchObject({ reason: 'cancelled', message: 'OAuth cancelled' });
    expect(service.inProgress()).toBe(false);
  });

  it("ends with 'OAuth cancelled' when the user cancels, closing the popup", async () => {
    const service = createOAuthPopupService();
    const flow = service.open(options);
    service.cancel();
    await expect(flow).rejects.toThrow('OAuth cancelled');
    expect(popup.close).toHaveBeenCalled();
  });

  it("times out after 5 minutes with 'OAuth timeout'", async () => {
    const service = createOAuthPopupService();
    const outcome = service.open(options).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(OAUTH_TIMEOUT_MS - 1);
    expect(service.inProgress()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ reason: 'timeout', message: 'OAuth timeout' });
    expect(OAUTH_TIMEOUT_MS).toBe(300_000);
    expect(popup.close).toHaveBeenCalled();
  });

  it('says so when the browser blocks the popup', async () => {
    open.mockReturnValue(null);
    const service = createOAuthPopupService();
    await expect(service.open(options)).rejects.toMatchObject({
      reason: 'blocked',
      message: POPUP_BLOCKED_MESSAGE,
    });
    expect(POPUP_BLOCKED_MESSAGE).toBe('Popup was blocked! Please allow popups for this site and try again.');
    expect(service.inProgress()).toBe(false);
  });
});
