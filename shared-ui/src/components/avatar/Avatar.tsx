import { useAuthStore } from '../../stores/auth-store';
import './avatar.css';

export type AvatarSize = 'small' | 'medium' | 'large';

export interface AvatarUser {
  id?: number;
  name?: string | null;
  email?: string | null;
  avatar?: string | null;
}

export interface AvatarProps {
  user: AvatarUser | null | undefined;
  size?: AvatarSize;
  /** Defaults to comparing user.id with the signed-in user's id. */
  isCurrentUser?: boolean;
  className?: string;
}

export const AVATAR_SIZES: Record<AvatarSize, number> = { small: 24, medium: 32, large: 128 };

export function avatarLetter(name: string | null | undefined): string {
  const first = name?.trim().charAt(0);
  return first ? first.toUpperCase() : '?';
}

export function avatarTitle(user: AvatarUser | null | undefined, isCurrentUser: boolean): string {
  const base = user?.name?.trim() || user?.email || '';
  return isCurrentUser ? `${base} (я)` : base;
}

export function Avatar({ user, size = 'medium', isCurrentUser, className }: AvatarProps) {
  const currentId = useAuthStore((state) => state.userId);
  const isMe = isCurrentUser ?? (user?.id !== undefined && user.id === currentId);
  const px = AVATAR_SIZES[size];
  const title = avatarTitle(user, isMe);
  const classes = ['ui-avatar', `ui-avatar--${size}`, isMe && 'ui-avatar--me', className]
    .filter(Boolean)
    .join(' ');

  return (
    <span
      className={classes}
      style={{ width: px, height: px }}
      title={title}
      data-current={isMe || undefined}
    >
      {user?.avatar ? (
        <img className="ui-avatar__image" src={user.avatar} alt={title} width={px} height={px} />
      ) : (
        <span className="ui-avatar__letter" role="img" aria-label={title || 'Пользователь'}>
          {avatarLetter(user?.name)}
        </span>
      )}
    </span>
  );
}
