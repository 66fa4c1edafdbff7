import { describe, expect, it } from 'vitest';
import { assign, bodyOf, fetchMock, jsonResponse, setUpFrontEndTests } from '../test';
import { useAuthStore } from './auth-store';

describe('auth store', () => {
  setUpFrontEndTests({ pathname: '/login' });

  it('a rejected login stores the body as field errors and sets status error', async () => {
    let resolve!: (response: Response) => void;
    fetchMock.mockReturnValue(new Promise<Response>((r) => (resolve = r)));

    const pending = useAuthStore.getState().login({ email: ' a@b.ru ', password: 'x' });
    expect(useAuthStore.getState().forms.login.status).toBe('processing');
    resolve(jsonResponse(400, { password: 'Неверный e-mail или пароль', email: 'Проверьте e-mail' }));
    await pending;

    const { login } = useAuthStore.getState().forms;
    expect(login.status).toBe('error');
    expect(login.errors).toEqual({ password: 'Неверный e-mail или пароль', email: 'Проверьте e-mail' });
    expect(bodyOf('POST /api/auth/login')).toEqual({ email: 'a@b.ru', password: 'x' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('clears one error key, then all, then resets the form', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { email: 'e', password: 'p' }));
    await useAuthStore.getState().login({ email: 'a', password: 'b' });

    useAuthStore.getState().clearError('login', 'email');
    expect(useAuthStore.getState().forms.login.errors).toEqual({ password: 'p' });
    useAuthStore.getState().clearErrors('login');
    expect(useAuthStore.getState().forms.login.errors).toEqual({});
    expect(useAuthStore.getState().forms.login.status).toBe('error');
    useAuthStore.getState().resetStatus('login');
    expect(useAuthStore.getState().forms.login.status).toBe('default');
  });

  it('a successful register trims the name, stores the token and reloads to /', async () => {
    const token = `h.${btoa(JSON.stringify({ sub: 42 }))}.s`;
    fetchMock.mockResolvedValue(jsonResponse(200, { token }));
    await useAuthStore
      .getState()
      .register({ name: '  Аня  ', email: 'a@b.ru', password: 'secret12', password2: 'secret12' });

    expect(bodyOf('POST /api/auth/register')).toEqual({
      name: 'Аня',
      email: 'a@b.ru',
      password: 'secret12',
      password2: 'secret12',
    });
    expect(localStorage.getItem('token')).toBe(token);
    expect(useAuthStore.getState().userId).toBe(42);
    expect(useAuthStore.getState().forms.register.status).toBe('success');
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('logout removes the token, clears the user and goes to /', () => {
    localStorage.setItem('token', 't');
    useAuthStore.setState({
      token: 't',
      userId: 1,
      user: {
        id: 1,
        name: 'A',
        email: 'a@b.ru',
        gender: null,
        avatar: null,
        emailReminders: false,
        emailNotifications: 'off',
      },
    });
    useAuthStore.getState().logout();
    expect(localStorage.getItem('token')).toBeNull();
    expect(useAuthStore.getState().user).toBeNull();
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('changePassword trims the fields and stores the fresh token', async () => {
    localStorage.setItem('token', 'old');
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true, token: 'fresh' }));
    await useAuthStore.getState().changePassword({ oldPassword: ' a ', password: ' b ', password2: ' b ' });
    expect(bodyOf('PUT /api/auth/password')).toEqual({
      oldPassword: 'a',
      password: 'b',
      password2: 'b',
    });
    expect(localStorage.getItem('token')).toBe('fresh');
    expect(useAuthStore.getState().forms.password.status).toBe('success');
  });

  it('a successful edit reloads the current user', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { success: true }))
      .mockResolvedValueOnce(
        jsonResponse(200, { id: 3, name: 'Б', email: 'b@b.ru', gender: 0, avatar: null }),
      );
    await useAuthStore.getState().edit({ name: ' Б ', email: ' b@b.ru ', gender: 0 });
    expect(bodyOf('PUT /api/auth/edit')).toEqual({ name: 'Б', email: 'b@b.ru', gender: 0 });
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/auth/user');
    expect(useAuthStore.getState().user?.name).toBe('Б');
    expect(useAuthStore.getState().forms.edit.status).toBe('success');
  });
});
