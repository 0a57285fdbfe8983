// The scopes a key can hold: part of the API's vocabulary (Me, key records), checked by auth/scopes.ts.
export const SCOPES = ["api:read", "library:ingest", "library:publish"] as const;
export type Scope = (typeof SCOPES)[number];
