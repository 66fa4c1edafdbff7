import { Link, useNavigate } from 'react-router-dom';
import { Avatar, Button, paths, type User, useAuthStore, useHeaderStore } from 'shared-ui';
import { useAssigneeToggle } from './use-assignee-toggle';

interface HeaderLinksProps {
  token: string | null;
  user: User | null;
  /** In the burger panel the links stack and the texts always show. */
  layout: 'bar' | 'panel';
}

export function HeaderLinks({ token, user, layout }: HeaderLinksProps) {
  const navigate = useNavigate();
  const logout = useAuthStore((state) => state.logout);
  const userFilterEnabled = useHeaderStore((state) => state.userFilterEnabled);
  const toggleAssignee = useAssigneeToggle(user?.id);

  if (!token) {
    return (
      <div className={`shell-links shell-links--${layout}`}>
        <Button variant="secondary" onClick={() => navigate(paths.login.href())}>
          Вход
        </Button>
        <Button onClick={() => navigate(paths.register.href())}>Регистрация</Button>
      </div>
    );
  }

  const identity = (
    <>
      {user ? <Avatar user={user} size="medium" isCurrentUser /> : <span className="shell-avatar-skeleton" />}
      <span className="shell-user__name shell-header__text">{user?.name || user?.email}</span>
    </>
  );

  return (
    <div className={`shell-links shell-links--${layout}`}>
      {userFilterEnabled && user ? (
        <button
          type="button"
          className="shell-user shell-user--toggle"
          onClick={toggleAssignee}
          title="Показать только мои задачи"
        >
          {identity}
        </button>
      ) : (
        <span className="shell-user">{identity}</span>
      )}
      <Link className="shell-link" to={paths.myTasks.href()}>
        Мои задачи
      </Link>
      <Link className="shell-link" to={paths.settings.href()}>
        Настройки
      </Link>
      <Button variant="secondary" onClick={logout}>
        Выход
      </Button>
    </div>
  );
}
