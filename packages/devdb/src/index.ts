export {
  type Cluster,
  createDatabase,
  dropDatabase,
  freePort,
  type StartClusterOptions,
  startCluster,
  withDatabase,
} from './cluster.ts';
export { debianBinDir, hasDebianPostgres, startSystemCluster } from './system-cluster.ts';
