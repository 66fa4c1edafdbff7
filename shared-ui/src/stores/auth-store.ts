/**
 * Auth state (SPEC.md sections 3-4): token, user id and user, plus for each account form (login,
 * register, settings edit, password change) a status and field-keyed server errors.
 */
import type {
  ChangePasswordBody,
  EditProfileBody,
  LoginBody,
  OidcSignIn,
  RegisterBody,
  TwoFactorChallenge,
} from 'contract';
import { safeReturnTo } from 'contract/return-to';
import { create } from 'zustand';
import { apiClient, errorsOf, type FieldErrors } from '../api/api-client';
import { getToken, removeToken, setToken, userIdFromToken } from '../api/token';
import type { Status, User } from '../types';

export type { LoginBody, RegisterBody };
/** The account forms' bodies, as the contract states them. */
export type EditBody = EditProfileBody;
export type PasswordBody = ChangePasswordBody;

export type AuthForm = 'login' | 'register' | 'edit' | 'password';

export interface FormState {
  status: Status;
  errors: FieldErrors;
}

export interface AuthState {
  token: string | null;
  userId: number | null;
  user: User | null;
  userStatus: Status;
  forms: Record<AuthForm, FormState>;
  /** The password was right and the account asks for a second factor: the ticket for it. */
  secondFactor: { ticket: string } | null;
  login: (body: LoginBody) => Promise<void>;
  /** The second step of a sign-in: a code from the app or a recovery code (the login form's life). */
  loginSecondStep: (code: string) => Promise<void>;
  /** Back from the second step to the e-mail and password. */
  cancelSecondStep: () => void;
  /** Trades the one-time code of a sign-in through the identity provider for a token (/login?oidc=). */
  finishOidc: (code: string) => Promise<void>;
  register: (body: RegisterBody) => Promise<void>;
  loadUser: () => Promise<void>;
  logout: () => void;
  edit: (body: EditBody) => Promise<void>;
  changePassword: (body: PasswordBody) => Promise<void>;
  resetStatus: (form: AuthForm) => void;
  clearError: (form: AuthForm, key: string) => void;
  clearErrors: (form: AuthForm) => void;
  /** Status back to default and errors cleared. */
  resetForm: (form: AuthForm) => void;
}

const idle = (): FormState => ({ status: 'default', errors: {} });

const initialForms = (): Record<AuthForm, FormState> => ({
  login: idle(),
  register: idle(),
  edit: idle(),
  password: idle(),
});

let userRequest: Promise<void> | null = null;

/** A sign-in's answer: a token (with the page to go to, after the identity provider), or a challenge. */
type SignInAnswer = { token: string } | OidcSignIn | TwoFactorChallenge;

export const useAuthStore = create<AuthState>()((set, get) => {
  const setForm = (form: AuthForm, patch: Partial<FormState>) =>
    set((state) => ({ forms: { ...state.forms, [form]: { ...state.forms[form], ...patch } } }));

  /**
   * Posts a sign-in form; a token signs in and reloads to the page the visitor asked for (`returnTo`)
   * or /, a challenge opens the second step.
   */
  const signIn = async (form: 'login' | 'register', path: string, body: object) => {
    setForm(form, { status: 'processing', errors: {} });
    try {
      const answer = await apiClient.post<SignInAnswer>(path, body);
      if ('twoFactorRequired' in answer) {
        set({ secondFactor: { ticket: answer.ticket } });
        setForm(form, { status: 'default' });
        return;
      }
      setToken(answer.token);
      set({ token: answer.token, userId: userIdFromToken(answer.token), secondFactor: null });
      setForm(form, { status: 'success' });
      const returnTo =
        'returnTo' in answer ? answer.returnTo : new URLSearchParams(window.location.search).get('returnTo');
      window.location.assign(safeReturnTo(returnTo));
    } catch (error) {
      const errors = errorsOf(error);
      // A ticket that lapsed sends the user back to the password, with the reason above the form.
      if (errors.ticket) {
        set({ secondFactor: null });
        setForm(form, { status: 'error', errors: { message: errors.ticket } });
        return;
      }
      setForm(form, { status: 'error', errors });
    }
  };

  const token = getToken();

  return {
    token,
    userId: userIdFromToken(token),
    user: null,
    userStatus: 'default',
    forms: initialForms(),
    secondFactor: null,

    login: (body) =>
      signIn('login', '/api/auth/login', { email: body.email.trim(), password: body.password }),

    loginSecondStep: (code) =>
      signIn('login', '/api/auth/login/2fa', { ticket: get().secondFactor?.ticket ?? '', code: code.trim() }),

    finishOidc: (code) => signIn('login', '/api/auth/oidc/finish', { code }),

    cancelSecondStep: () => {
      set({ secondFactor: null });
      setForm('login', idle());
    },

    register: (body) =>
      signIn('register', '/api/auth/register', {
        name: body.name.trim(),
        email: body.email.trim(),
        password: body.password,
        password2: body.password2,
      }),

    loadUser: () => {
      if (userRequest) return userRequest;
      set({ userStatus: 'loading' });
      userRequest = apiClient
        .get<User>('/api/auth/user')
        .then((user) => set({ user, userId: user.id, userStatus: 'success' }))
        .catch(() => set({ userStatus: 'error' }))
        .finally(() => {
          userRequest = null;
        });
      return userRequest;
    },

    logout: () => {
      removeToken();
      set({
        token: null,
        userId: null,
        user: null,
        userStatus: 'default',
        forms: initialForms(),
        secondFactor: null,
      });
      window.location.assign('/');
    },

    edit: async (body) => {
      setForm('edit', { status: 'processing' });
      try {
        const answer = await apiClient.put<{ success: boolean }>('/api/auth/edit', {
          name: body.name.trim(),
          email: body.email.trim(),
          gender: body.gender,
        });
        setForm('edit', { status: 'success', errors: {} });
        if (answer?.success) await get().loadUser();
      } catch (error) {
        setForm('edit', { status: 'error', errors: errorsOf(error) });
      }
    },

    changePassword: async (body) => {
      setForm('password', { status: 'processing' });
      try {
        const answer = await apiClient.put<{ success: boolean; token?: string }>('/api/auth/password', {
          oldPassword: body.oldPassword.trim(),
          password: body.password.trim(),
          password2: body.password2.trim(),
        });
        // The change invalidates every earlier token; the API hands back a fresh one.
        if (answer?.token) {
          setToken(answer.token);
          set({ token: answer.token });
        }
        setForm('password', { status: 'success', errors: {} });
      } catch (error) {
        setForm('password', { status: 'error', errors: errorsOf(error) });
      }
    },

    resetStatus: (form) => setForm(form, { status: 'default' }),

    clearError: (form, key) => {
      const { [key]: _removed, ...rest } = get().forms[form].errors;
      setForm(form, { errors: rest });
    },

    clearErrors: (form) => setForm(form, { errors: {} }),

    resetForm: (form) => setForm(form, idle()),
  };
});
