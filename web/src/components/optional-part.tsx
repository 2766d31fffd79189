import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** Shown instead when the part fails to load or render; nothing by default. */
  fallback?: ReactNode;
}

/**
 * A part of a screen the user can do without (a chart drawn beside its own numbers) that may fail
 * to load or render without taking the screen down: on an error it shows `fallback` and the rest
 * of the screen stays. Anything the user needs fails to the route's error page instead.
 */
export class OptionalPart extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
