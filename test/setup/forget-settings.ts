// Files share one workerd (vitest.config.ts, `isolate: false`): the settings a file gave the Worker
// (test/helpers/settings.ts, limits or the edge cache) end with it, and the next file starts with the run's vars.
import { forgetSettings } from "../helpers/settings";

forgetSettings();
