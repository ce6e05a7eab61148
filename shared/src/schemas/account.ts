/**
 * The staff member's own account page (issue 42 §4-5): two-step sign-in and signed-in devices.
 * GET /api/admin/account/sessions answers `StaffSession[]`, newest activity first.
 */

/** The product token the desktop app's main process puts first in its User-Agent ("BloomDesktop/0.1.0 (linux)"). */
export const DESKTOP_UA_PRODUCT = 'BloomDesktop';

export interface StaffSession {
  /** The session's id (never its token): what "Sign out" on that device names. */
  id: string;
  /** The session this request came with ("This device"). */
  current: boolean;
  /** The device in words: "Firefox on Windows", "Desktop app on macOS", or "Unknown device". */
  device: string;
  /** The address it signed in from, as the server saw it (no place names: there is no geo-IP database). */
  ipAddress: string | null;
  /** When the session was last refreshed or used to sign in (better-auth's updatedAt). */
  lastSeenAt: string;
  createdAt: string;
}
