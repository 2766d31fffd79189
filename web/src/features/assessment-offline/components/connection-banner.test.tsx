import { MantineProvider } from '@mantine/core';
import type { TOfflineWrite } from '@portal/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TOfflineAssessmentApi } from '../hooks/use-offline-assessment.ts';
import { ConnectionBanner } from './connection-banner.tsx';

const write = (label: string): TOfflineWrite => ({
  userId: 1,
  assessmentId: 1,
  kind: 'comment',
  target: label,
  label,
  value: 'Fridge log kept daily.',
  queuedAt: '2026-11-28T08:00:00Z',
});

/** The banner's input after a sync: the state the offline hook hands it (no behaviour needed). */
function afterSync(sending: number, refusedLabels: string[]): TOfflineAssessmentApi {
  const noop = async () => {};
  return {
    online: true,
    offlineSince: null,
    copy: null,
    queue: [],
    sync: 'done',
    sending,
    conflicts: [],
    refused: refusedLabels.map((label) => ({ write: write(label), reason: 'No longer takes changes.' })),
    dismissRefused() {},
    resolve: noop,
    sendNow: noop,
    queueResponse: noop,
    queueComment: noop,
    queueSummary: noop,
    copyComments: () => [],
    mustQueue: () => false,
    codeOf: () => '',
  };
}

function renderBanner(offline: TOfflineAssessmentApi) {
  render(
    <MantineProvider>
      <ConnectionBanner offline={offline} />
    </MantineProvider>,
  );
  return screen.getByRole('status', { name: 'Connection' });
}

describe('the connection banner after a sync', () => {
  it('says all changes were saved when the server took every one', () => {
    expect(renderBanner(afterSync(3, [])).textContent).toBe('All changes saved.');
  });

  it('does not claim everything was saved when some were refused', () => {
    const banner = renderBanner(afterSync(3, ['C1.1 Comment', 'Surveyor summary']));
    expect(banner.textContent).toBe('Sent 3 changes. 2 were not saved: see the list below.');
    expect(banner.textContent).not.toContain('All changes saved.');
  });
});
