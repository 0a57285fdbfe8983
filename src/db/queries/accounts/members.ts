// Who a signed-in member is, as the account statements read it from `users u`.
export interface Member {
  userId: number;
  username: string;
  name: string;
  locale: string;
}

/** The columns of `users u` a Member is read from. */
export const MEMBER_COLUMNS = "u.id as userId, u.username as username, u.name as name, u.locale as locale";

export function memberOf(row: Member): Member {
  return { ...row, userId: Number(row.userId) };
}
