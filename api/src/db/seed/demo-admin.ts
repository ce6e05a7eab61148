/**
 * The demo admin of development sites. Its password is published (README, the development console),
 * so production never creates it and warns about any admin still using it (auth/demo-password.ts).
 */
export const DEMO_ADMIN = {
  email: 'admin@example.com',
  password: 'bloom-admin-demo',
  firstName: 'Demo',
  lastName: 'Admin',
};
