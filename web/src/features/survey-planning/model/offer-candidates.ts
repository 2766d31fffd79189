import type { TPlanningSurveyor, TPlanningVisit } from '../api/get-planning-visit.ts';

/**
 * The active surveyors not offered the visit yet, the likeliest first: free of conflict, from the
 * practice's state, a GP while the survey still needs one, the lightest load, then by name.
 */
export function offerCandidates(visit: TPlanningVisit): TPlanningSurveyor[] {
  const key = (s: TPlanningSurveyor) => [
    s.conflictReason ? 1 : 0,
    visit.state && s.homeState === visit.state ? 0 : 1,
    visit.needsGpSurveyor && s.isGp ? 0 : 1,
    s.load,
  ];
  return visit.surveyors
    .filter((s) => !s.visitorStatus && s.active)
    .sort((a, b) => {
      const [ka, kb] = [key(a), key(b)];
      for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!;
      return a.name.localeCompare(b.name);
    });
}
