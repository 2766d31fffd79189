/** Leaves the app for another site (the payment page). One function so tests can observe it. */
export function leaveAppTo(url: string): void {
  window.location.assign(url);
}
