/** Height of the app's header in px: the navigation sits below it. */
export const HEADER_HEIGHT = 64;
