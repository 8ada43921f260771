/** The seeded random source, kept where the test web always imported it from. */
export * from "../rules/random";
