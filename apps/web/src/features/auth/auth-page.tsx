import { Link, useLocation } from 'react-router';
import { ACCOUNT_UI_MESSAGES as UI } from '@shopper/contract/plain';
import { Alert } from '../../components/alert.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { LoginForm } from './components/login-form.tsx';
import { SignupForm } from './components/signup-form.tsx';
import styles from './auth.module.css';

interface AuthNotice {
  /** Session expiry and similar notices (docs/product.md#session). */
  message?: string;
  /** Set by the reset-password page after success (docs/product.md#auth-pages). */
  passwordResetSuccess?: string;
}

/** /login and /signup: one screen, titled Login or Create Account, switching between the two. */
function AuthPage({ mode }: { mode: 'login' | 'signup' }) {
  const isLogin = mode === 'login';
  const title = isLogin ? UI.loginTitle : UI.signupTitle;
  usePageTitle(title);
  const location = useLocation();
  const notice = (location.state as AuthNotice | null) ?? {};

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="auth-title">
        <h1 id="auth-title" className={styles.title}>
          {title}
        </h1>
        {isLogin && notice.passwordResetSuccess ? <Alert tone="success">{notice.passwordResetSuccess}</Alert> : null}
        {isLogin && notice.message ? <Alert tone="warning">{notice.message}</Alert> : null}
        {isLogin ? <LoginForm /> : <SignupForm />}
        <p className={styles.switch}>
          {isLogin ? "Don't have an account? " : 'Already have an account? '}
          {/* The origin travels along, so login after a switch still goes back there. */}
          <Link
            to={isLogin ? '/signup' : '/login'}
            state={{ from: (location.state as { from?: unknown } | null)?.from }}
          >
            {isLogin ? 'Sign up here' : 'Login here'}
          </Link>
        </p>
      </section>
    </div>
  );
}

export function LoginPage() {
  return <AuthPage mode="login" />;
}

export function SignupPage() {
  return <AuthPage mode="signup" />;
}
