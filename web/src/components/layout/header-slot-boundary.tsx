import { Component, type ReactNode } from 'react';

/**
 * Keeps the page when something in the header's slot fails (the notification bell's chunk cannot
 * load, its first render throws): the slot shows nothing, the header and the page stay.
 */
export class HeaderSlotBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn('A header control could not be shown', error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
