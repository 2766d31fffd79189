export {
  attachOrStartCluster,
  type Cluster,
  createDatabase,
  dropDatabase,
  freePort,
  isListening,
  type LocalCluster,
  type StartClusterOptions,
  startCluster,
  withDatabase,
} from './cluster.ts';
export { debianBinDir, hasDebianPostgres, startSystemCluster } from './system-cluster.ts';
