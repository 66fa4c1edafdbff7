import { Link } from 'react-router-dom';
import { Avatar, Button, paths, useAuthStore } from 'shared-ui';
import './standalone.css';

export interface StandaloneBarProps {
  /** The remote's package name, shown as the logo: 'mf-boards'. */
  name: string;
}

/** Where the shell's header would be: the remote's name (a link to /), then the avatar and 'Выход', or 'Вход'. */
export function StandaloneBar({ name }: StandaloneBarProps) {
  const token = useAuthStore((state) => state.token);
  const user = useAuthStore((state) => state.user);
  const logout = useAuthStore((state) => state.logout);
  return (
    <header className="ui-standalone-bar">
      <Link to={paths.home.href()} className="ui-standalone-bar__logo">
        {name} <small>standalone</small>
      </Link>
      {token ? (
        <span className="ui-standalone-bar__user">
          {user && <Avatar user={user} size="medium" isCurrentUser />}
          <Button size="small" variant="secondary" onClick={logout}>
            Выход
          </Button>
        </span>
      ) : (
        <Link to={paths.login.href()}>Вход</Link>
      )}
    </header>
  );
}
