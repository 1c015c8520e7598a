// The PDF fixtures live in scripts/lib so the benchmarks can build them too (scripts never import tests/).
export * from "../../scripts/lib/pdf-fixtures.ts";
