import pkg from "../package.json" with { type: "json" };

declare const VELLUM_BUILD_VERSION: string | undefined;

/** The release build injects the version with `--define`; a checkout reads package.json. */
export const VERSION: string = typeof VELLUM_BUILD_VERSION === "string" ? VELLUM_BUILD_VERSION : pkg.version;
export const SERVICE_NAME = "vellum";
export const API_VERSION = "1.1.0";
