export { StaffTab } from './components/staff-tab.tsx';
