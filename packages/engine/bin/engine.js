#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so `npx engine …` works without a build step.
import { register } from 'tsx/esm/api';

register();
const { run } = await import('../src/cli.ts');
run(process.argv.slice(2));
