import { Navigate, Route, Routes } from 'react-router-dom';
import { paths } from 'shared-ui';
import { LoginPage } from '../features/login/components/LoginPage';
import { RegisterPage } from '../features/register/components/RegisterPage';
import { ResetFinishPage } from '../features/reset/components/ResetFinishPage';
import { ResetRequestPage } from '../features/reset/components/ResetRequestPage';
import { ResetSuccessPage } from '../features/reset/components/ResetSuccessPage';
import { ResetValidatePage } from '../features/reset/components/ResetValidatePage';

/** Absolute paths from shared-ui: the shell mounts this outside any <Route>, so they match as is. */
export function App() {
  return (
    <Routes>
      <Route path={paths.login.pattern} element={<LoginPage />} />
      <Route path={paths.register.pattern} element={<RegisterPage />} />
      <Route path={paths.reset.pattern} element={<ResetRequestPage />} />
      <Route path={paths.resetValidate.pattern} element={<ResetValidatePage />} />
      <Route path={paths.resetFinish.pattern} element={<ResetFinishPage />} />
      <Route path={paths.resetSuccess.pattern} element={<ResetSuccessPage />} />
      <Route path="*" element={<Navigate to={paths.login.href()} replace />} />
    </Routes>
  );
}
