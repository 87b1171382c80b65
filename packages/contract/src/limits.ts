/** Business constants of spec part 1 section 9 and part 2 section 9. */
export const REQUEST_TIMEOUT_MS = 300_000;
export const UPLOAD_TIMEOUT_MS = 600_000;
export const USER_CACHE_MS = 30_000;
export const OTP_LENGTH = 6;
export const OTP_COUNTDOWN_SECONDS = 60;
export const NARROW_SCREEN_BREAKPOINT_PX = 1024;
export const TOAST_AUTO_CLOSE_MS = 5_000;
export const PARTICLE_COUNT = 50;
export const SCROLL_REVEAL_THRESHOLD = 0.85;
