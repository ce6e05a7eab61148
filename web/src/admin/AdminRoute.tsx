import { AdminApp } from './AdminApp';

/** Default export for React.lazy: keeps all admin code out of public bundles. */
export default function AdminRoute() {
  return <AdminApp />;
}
