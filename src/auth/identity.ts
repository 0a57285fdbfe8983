// Who a request acts for once its key is resolved (auth/viewer.ts). A type of its own, so the request
// context can name it without depending on the middleware that produces it.
import type { Scope } from "../schemas/scopes";

export interface Viewer {
  userId: number;
  username: string;
  name: string;
  role: string;
  locale: string;
  active: boolean;
  keyId: number;
  keyName: string;
  scopes: Scope[];
  keyExpiresAt: string | null;
  /** When the key was last recorded as used (at most once a minute: auth/last-used.ts). */
  keyLastUsedAt: string | null;
}
