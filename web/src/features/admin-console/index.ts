export { AdminConsolePage } from './components/admin-console-page.tsx';
