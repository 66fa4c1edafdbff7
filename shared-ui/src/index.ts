// The public API of shared-ui. Everything the front-ends use is listed here by name.
import './styles/theme.css';

export {
  ApiError,
  apiClient,
  apiRequest,
  type BoardVersion,
  buildQuery,
  errorsOf,
  type FieldErrors,
  onBoardVersion,
  type Query,
  type RequestOptions,
} from './api/api-client';
export { downloadFile } from './api/download';
export { getInvitations } from './api/invitations';
export { getToken, removeToken, setToken, TOKEN_KEY, userIdFromToken } from './api/token';
export { fileType, type UploadOptions, uploadFile } from './api/upload';
export {
  AVATAR_SIZES,
  Avatar,
  type AvatarProps,
  type AvatarSize,
  type AvatarUser,
  avatarLetter,
  avatarTitle,
} from './components/avatar/Avatar';
export { Button, type ButtonProps, type ButtonVariant } from './components/button/Button';
export { Checkbox, type CheckboxProps } from './components/fields/Checkbox';
export { FormError } from './components/fields/FormError';
export { PasswordField, type PasswordFieldProps } from './components/fields/PasswordField';
export { Select, type SelectOption, type SelectProps } from './components/fields/Select';
export { TextArea, type TextAreaProps } from './components/fields/TextArea';
export { TextField, type TextFieldProps } from './components/fields/TextField';
export { MISSING_PORTAL_MESSAGE, MODAL_ROOT_ID, tabbables } from './components/modal/modal-root';
export { Spinner } from './components/spinner/Spinner';
export { readDraft, useDraftText, writeDraft } from './drafts/drafts';
export { useLeaveGuard } from './drafts/leave-guard';
export { formatFileSize } from './format/file-size';
export { plural } from './format/plural';
export { shortDate } from './format/short-date';
export { useFieldErrors } from './hooks/use-field-errors';
export {
  type FormLife,
  type LocalFormLife,
  type SubmitOptions,
  useAuthForm,
  useFormValues,
  useSubmit,
} from './hooks/use-form';
export { useOutsidePress } from './hooks/use-outside-press';
export { type PathName, paths } from './paths';
export {
  type BoardSocket,
  type BoardSocketHandlers,
  type BoardUpdate,
  CONNECTION_CHECK_MS,
  createSocket,
  type PublicSubscription,
  SOCKET_OPTIONS,
  type SubscribeResult,
  watchBoard,
} from './realtime/board-socket';
export {
  type NotificationsListener,
  type NotificationsState,
  watchLists,
  watchNotifications,
} from './realtime/notifications';
export { type PresentUser, reportOpenTask, watchPresence } from './realtime/presence';
export { acquireSessionSocket, type SessionSocket } from './realtime/session-socket';
export {
  type AuthForm,
  type AuthState,
  type EditBody,
  type FormState,
  type LoginBody,
  type PasswordBody,
  type RegisterBody,
  useAuthStore,
} from './stores/auth-store';
export { type HeaderState, useHeaderStore } from './stores/header-store';
export { MODALS, type ModalState, type ModalType, useModalStore } from './stores/modal-store';
export {
  applyTheme,
  followThemeChanges,
  readThemeChoice,
  saveThemeChoice,
  THEME_CHOICES,
  THEME_STORAGE_KEY,
  type ThemeChoice,
} from './theme/theme';
export { serverNow, useServerNow } from './time/server-clock';
export type { Gender, Status, User } from './types';
