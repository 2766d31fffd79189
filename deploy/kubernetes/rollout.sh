#!/usr/bin/env sh
# Deploys a release in three steps, so that the schema and metadata a release needs are in place
# before its actions and web pods start (docs/operations.md):
#   1. the configuration and the engine (Hasura itself rarely changes);
#   2. the migrate Job (hasura/migrations, then hasura/metadata), waited for;
#   3. everything else (actions, web, ingress, autoscalers, disruption budgets), waited for.
# Usage: deploy/kubernetes/rollout.sh <overlay> <image tag>
#   e.g. deploy/kubernetes/rollout.sh production 2026-11-30-ab12cd3   (overlays/production)
# Needs kubectl (with kustomize built in) and a context on the target cluster.
set -eu
overlay=${1:?usage: rollout.sh <overlay> <image tag>}
tag=${2:?usage: rollout.sh <overlay> <image tag>}

# The overlay renders in a copy whose image tags are the release's.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R "$(dirname "$0")/." "$work/"
[ -f "$work/overlays/$overlay/kustomization.yaml" ] || { echo "no overlay '$overlay' in overlays/"; exit 2; }
sed -i "s/newTag: release/newTag: $tag/" "$work/overlays/$overlay/kustomization.yaml"
rendered="$work/rendered.yaml"
kubectl kustomize "$work/overlays/$overlay" >"$rendered"
namespace=$(sed -n 's/^  namespace: //p' "$rendered" | head -n 1)

echo "1/3 configuration and engine"
kubectl apply -f "$rendered" -l 'app.kubernetes.io/component in (graphql-engine, database, storage)'
kubectl apply -f "$rendered" --selector '!app.kubernetes.io/component' # the ConfigMap
kubectl -n "$namespace" rollout status deployment/graphql-engine --timeout=10m

echo "2/3 migrations and metadata"
kubectl -n "$namespace" delete job portal-migrate --ignore-not-found
kubectl apply -f "$rendered" -l app.kubernetes.io/component=migrate
kubectl -n "$namespace" wait --for=condition=complete job/portal-migrate --timeout=15m

echo "3/3 actions, web and the rest"
kubectl apply -f "$rendered"
kubectl -n "$namespace" rollout status deployment/actions --timeout=10m
kubectl -n "$namespace" rollout status deployment/web --timeout=10m
