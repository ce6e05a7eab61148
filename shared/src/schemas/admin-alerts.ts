/** What every admin must see at the top of the dashboard until it is fixed (GET /api/admin/alerts). */
export type AdminAlert =
  | {
      id: 'demo-password';
      level: 'error';
      message: string;
      /** The account it is about: the dashboard offers its own user a way to fix it on the spot. */
      account: string;
    }
  | { id: 'picture-sizes'; level: 'warning'; message: string; count: number };
