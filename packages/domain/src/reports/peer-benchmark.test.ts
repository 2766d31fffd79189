import { describe, expect, it } from 'vitest';
import {
  comparePeers,
  peerGroupLabel,
  peerRow,
  percentileRank,
  WITHHELD_AGGREGATE_NOTE,
} from './peer-benchmark.ts';

describe('peer benchmarking', () => {
  it('ranks by mid-rank: peers below plus half the ties, over the peers', () => {
    // Peers 0.5, 0.6, 0.7, 0.7, 0.9; the practice 0.7: 2 below, 2 equal -> (2 + 1) / 5 = 60.
    expect(percentileRank(2, 2, 5)).toBe(60);
    expect(percentileRank(0, 0, 5)).toBe(0);
    expect(percentileRank(5, 0, 5)).toBe(100);
    expect(percentileRank(1, 0, 3)).toBe(33);
    expect(percentileRank(0, 0, 0)).toBeNull();
  });

  it('withholds a group of fewer than 5 peers whole, and shows one of 5', () => {
    const counts = { p25: 0.6, median: 0.7, p75: 0.7, below: 2, equal: 2 };
    expect(comparePeers({ ...counts, peers: 4 }, 0.7)).toEqual({
      shown: false,
      note: WITHHELD_AGGREGATE_NOTE,
    });
    expect(WITHHELD_AGGREGATE_NOTE).toBe('Not shown: fewer than 5 practices');
    expect(comparePeers({ ...counts, peers: 5 }, 0.7)).toEqual({
      shown: true,
      peers: 5,
      p25: 0.6,
      median: 0.7,
      p75: 0.7,
      percentile: 60,
    });
    // No figure of the practice: the group still shows, without a rank.
    expect(comparePeers({ ...counts, peers: 5 }, null)).toMatchObject({ shown: true, percentile: null });
  });

  it('writes rows that leave a withheld group empty but for the practice and the note', () => {
    expect(peerGroupLabel('network', 'Coastal Health')).toBe('Network: Coastal Health');
    expect(peerGroupLabel('state', 'NSW')).toBe('State: NSW');
    expect(peerGroupLabel('all', null)).toBe('All practices');
    expect(
      peerRow({ standard: 'S1' }, 'State: NSW', 0.5, { shown: false, note: WITHHELD_AGGREGATE_NOTE }),
    ).toEqual({
      standard: 'S1',
      group: 'State: NSW',
      peers: null,
      practice: 0.5,
      p25: null,
      median: null,
      p75: null,
      percentile: null,
      note: WITHHELD_AGGREGATE_NOTE,
    });
  });
});
