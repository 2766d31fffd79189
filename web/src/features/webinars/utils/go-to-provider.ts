/** Leaves the app for the webinar provider's authorize page. One function so tests can observe it. */
export function goToProvider(url: string): void {
  window.location.assign(url);
}
