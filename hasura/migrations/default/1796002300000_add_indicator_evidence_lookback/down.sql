alter table public.indicators drop constraint indicators_evidence_lookback_months_range;
alter table public.indicators drop column evidence_lookback_months;
