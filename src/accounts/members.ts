// Who a signed-in member is: the account behind a session (sessions.ts) or an invite (invites.ts); read by
// db/queries/accounts.
export { type Member, memberOf } from "../db/queries/accounts/members";
