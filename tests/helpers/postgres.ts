// The throwaway PostgreSQL server lives in scripts/lib (the benchmarks use it too; scripts never
// import tests/). One server per test file (`startPostgres()` in beforeAll); each test takes a
// fresh database from it with `freshDatabase()`.
export { startPostgres, type PostgresServer } from "../../scripts/lib/postgres.ts";
