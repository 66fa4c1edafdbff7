import { BrowserRouter } from 'react-router-dom';
import { Header } from '../components/header/Header';
import { ShellRoutes } from './ShellRoutes';
import '../styles/shell.css';

export function App() {
  return (
    <BrowserRouter>
      <Header />
      <main className="shell-main">
        <ShellRoutes />
      </main>
    </BrowserRouter>
  );
}
