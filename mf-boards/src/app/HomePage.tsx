import { useAuthStore } from 'shared-ui';
import { LandingPage } from '../features/landing/components/LandingPage';
import { MainPage } from './MainPage';

/** '/' is public: a stored token decides between the board list and the landing page. */
export function HomePage() {
  const token = useAuthStore((state) => state.token);
  return token ? <MainPage /> : <LandingPage />;
}
