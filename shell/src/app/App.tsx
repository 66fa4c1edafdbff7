import { BrowserRouter } from 'react-router-dom';
import { Header } from '../components/header/Header';
import { NotificationBell } from '../features/notifications/components/NotificationBell';
import { ShellRoutes } from './ShellRoutes';
import '../styles/shell.css';

export function App() {
  return (
    <BrowserRouter>
      <Header signedInExtra={<NotificationBell />} />
      <main className="shell-main">
        <ShellRoutes />
      </main>
    </BrowserRouter>
  );
}
