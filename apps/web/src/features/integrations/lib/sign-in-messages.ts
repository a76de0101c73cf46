/** The Microsoft sign-in's own texts (spec 03 §5, §8). */
export const RETRY_TOO_SOON_MESSAGE = 'Please wait a moment before trying again';
export const STATE_MISMATCH_MESSAGE = 'Authentication state mismatch. Please try again.';
export const POPUP_CLOSED_MESSAGE = 'Popup closed before OAuth could complete';
