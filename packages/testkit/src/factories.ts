/**
 * Factories: every test makes the rows it needs here, with overrides, and reads the ids they
 * return. No test relies on the demo seed's ids or relationships (those are demo data, tested
 * only by stack's seed tests). Overrides of the row factories below are columns by their
 * SQL names.
 */
export * from './people-factories.ts';
export * from './row-factories.ts';
export * from './world-factories.ts';
