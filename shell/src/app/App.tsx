import { useRef } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { Header } from '../components/header/Header';
import { NotificationBell } from '../features/notifications/components/NotificationBell';
import { SearchButton } from '../features/search/components/SearchButton';
import { useFocusHeadingOnNavigate } from './focus-heading';
import { ShellRoutes } from './ShellRoutes';
import '../styles/shell.css';

export function App() {
  return (
    <BrowserRouter>
      <Header
        signedInExtra={
          <>
            <SearchButton />
            <NotificationBell />
          </>
        }
      />
      <Main />
    </BrowserRouter>
  );
}

function Main() {
  const ref = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigate(ref);
  return (
    <main ref={ref} className="shell-main">
      <ShellRoutes />
    </main>
  );
}
