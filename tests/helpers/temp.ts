// Shared with the benchmarks, which may not import tests/ (ARCHITECTURE.md, "Dependency direction").
export { tempDir } from "../../scripts/lib/temp.ts";
