import pkg from "../package.json" with { type: "json" };

declare const VELLUM_BUILD_VERSION: string | undefined;
declare const VELLUM_BUILD_TARGET: string | undefined;

/** The release build injects the version with `--define`; a checkout reads package.json. */
export const VERSION: string = typeof VELLUM_BUILD_VERSION === "string" ? VELLUM_BUILD_VERSION : pkg.version;
/** The platform a release binary was built for (linux-x64-baseline, …); null when run from a checkout or `bun run build`. */
export const BUILD_TARGET: string | null = typeof VELLUM_BUILD_TARGET === "string" ? VELLUM_BUILD_TARGET : null;
export const SERVICE_NAME = "vellum";
export const API_VERSION = "1.1.0";
