// Every admin command, in the order `npm run admin -- help` lists them. To add a group, write
// cli/admin/<group>.ts exporting its commands (defineCommand) and list them here.
import { BOARD_COMMANDS } from "./boards";
import { runAdminCommand, type AdminContext, type AdminResult } from "./command";
import { DOCUMENT_COMMANDS } from "./documents";
import { KEY_COMMANDS } from "./keys";
import { SEARCH_COMMANDS } from "./search";
import { TEXT_COMMANDS } from "./text";
import { USER_COMMANDS } from "./users";

export const ADMIN_COMMANDS = [...USER_COMMANDS, ...KEY_COMMANDS, ...BOARD_COMMANDS, ...SEARCH_COMMANDS, ...DOCUMENT_COMMANDS, ...TEXT_COMMANDS];

export function runAdmin(ctx: AdminContext, argv: readonly string[]): Promise<AdminResult> {
  return runAdminCommand(ADMIN_COMMANDS, ctx, argv);
}
