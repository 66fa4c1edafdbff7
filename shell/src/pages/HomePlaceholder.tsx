import { Link } from 'react-router-dom';
import { paths, useAuthStore } from 'shared-ui';
import './home-placeholder.css';

/** '/' until the mf_boards remote is deployed (it is absent from /remotes.json). */
export function HomePlaceholder() {
  const token = useAuthStore((state) => state.token);
  return (
    <section className="shell-home">
      {token ? (
        <h1 className="shell-home__title">Мои доски</h1>
      ) : (
        <>
          <h1 className="shell-home__title">Канбан-доски для вашей команды</h1>
          <p className="shell-home__text">
            <Link to={paths.register.href()}>Зарегистрируйтесь</Link>, чтобы создать свою доску.
          </p>
        </>
      )}
    </section>
  );
}
