# The image of the Kubernetes migrate Job (deploy/kubernetes/base/migrate-job.yaml): Hasura's
# cli-migrations-v3 image, which carries hasura-cli, with this repository's Hasura project.
# The tag must be the engine's (docker-compose.yml, deploy/kubernetes/base/graphql-engine.yaml).
FROM hasura/graphql-engine:v2.46.0.cli-migrations-v3
COPY hasura/config.yaml /hasura/config.yaml
COPY hasura/migrations /hasura/migrations
COPY hasura/metadata /hasura/metadata
COPY hasura/seeds /hasura/seeds
