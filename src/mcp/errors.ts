// A tool error: the call was understood but cannot be answered (unknown id, malformed address…).
// The tool wrapper turns it into a result with isError: true and this message as its text.
export class ToolError extends Error {}
