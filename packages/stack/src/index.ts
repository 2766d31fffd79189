export { type Command, commands, main } from './cli.ts';
export { ConfigError, loadConfig, REPO_ROOT, type StackConfig } from './config/config.ts';
export { ENV_DOCS, type StackEnvName, ZStackEnvSchema } from './config/env.ts';
export { startS3rver } from './data/s3.ts';
export { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from './demo-accounts.ts';
export { type Gateway, type GatewayOptions, startGateway, type Target } from './gateway/gateway.ts';
export type { LogOutput } from './log.ts';
export { SERVICES, type ServiceSpec } from './services/table.ts';
export { type RunningStack, runStack } from './stack.ts';
