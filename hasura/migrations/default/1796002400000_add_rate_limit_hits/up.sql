-- The actions service's flood limits (docs/security.md, "Limits"): one counter per limit and key
-- (a client address or a user) and its window, shared by every replica. Unlogged: counters need
-- no crash safety nor a place on read replicas, and a write per counted request stays cheap.
create unlogged table public.rate_limit_hits (
  key text primary key,
  hits integer not null,
  window_ends_at timestamptz not null
);
comment on table public.rate_limit_hits is
  'Requests counted per flood limit and key (limit:key) in the current window; not tracked in GraphQL.';
