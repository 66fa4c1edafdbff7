import { cleanup } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { type User, useAuthStore, useHeaderStore } from 'shared-ui';
import { afterEach } from 'vitest';

export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export const anna: User = { id: 7, name: 'Анна', email: 'anna@example.com', gender: 0, avatar: null };

const initialAuth = useAuthStore.getState();
const initialHeader = useHeaderStore.getState();

export function signIn(user: User | null = anna) {
  localStorage.setItem('token', 'token');
  useAuthStore.setState({
    token: 'token',
    userId: user?.id ?? null,
    user,
    userStatus: user ? 'success' : 'default',
  });
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  useAuthStore.setState(initialAuth, true);
  useHeaderStore.setState(initialHeader, true);
});
