import { Link } from 'react-router-dom';
import { paths } from 'shared-ui';
import { AuthCard } from '../../../components/auth-card/AuthCard';

export function ResetSuccessPage() {
  return (
    <AuthCard title="Пароль успешно сброшен!" description="Теперь вы можете войти с новым паролем.">
      <Link className="auth-card__cta" to={paths.login.href()}>
        Вернуться ко входу
      </Link>
    </AuthCard>
  );
}
