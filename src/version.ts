// The service's version, read from package.json (the one place it is written): the OpenAPI document and the
// MCP server info both report it.
import { version } from "../package.json";

export const SERVICE_VERSION: string = version;
