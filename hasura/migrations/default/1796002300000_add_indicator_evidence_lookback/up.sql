-- Evidence with a life (docs/decisions/evidence.md#look-back): an indicator may say how recent its
-- evidence must be, in months ("reports from the last twelve months"). A document uploaded on the
-- indicator's response whose effective date is older than the window is out of date. Null: no window.
alter table public.indicators add column evidence_lookback_months integer;
alter table public.indicators add constraint indicators_evidence_lookback_months_range
  check (evidence_lookback_months is null or evidence_lookback_months between 1 and 120);
comment on column public.indicators.evidence_lookback_months is
  'How recent the indicator''s evidence must be, in months after its effective date (none: any age counts).';
