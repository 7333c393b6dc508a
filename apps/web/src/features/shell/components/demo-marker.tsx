import { useLayoutEffect } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import './demo-marker.css';

/**
 * `npm start`'s demo (APP_ENV=demo, ADR 030): a strip above every screen saying that the
 * accounts, data and payments are not real. The page makes room for it (the root's
 * `data-app-env`, set before the first paint), so it never covers a control.
 */
export function DemoMarker() {
  const { t } = useTranslation('shell');
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.dataset.appEnv = 'demo';
    return () => {
      delete root.dataset.appEnv;
    };
  }, []);
  return (
    <div className="demo-marker" role="note">
      <strong>{t('environment.demo')}</strong>
      <span>{t('environment.demoDetail')}</span>
    </div>
  );
}
