import { eq } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { user } from '../db/schema';
import { loadEnv } from '../env';

// Usage: pnpm make-admin someone@example.com [--revoke]
const email = process.argv[2]?.trim().toLowerCase();
const revoke = process.argv.includes('--revoke');
if (!email) {
  console.error('Usage: pnpm make-admin <email> [--revoke]');
  process.exit(2);
}
const env = loadEnv();
const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
await handle.exclusive(() => handle.migrate());
const rows = await handle.db
  .update(user)
  .set({ isAdmin: !revoke, role: revoke ? null : 'admin' })
  .where(eq(user.email, email))
  .returning({ id: user.id });
await handle.close();
if (rows.length === 0) {
  console.error(`No account with the email ${email}. Sign up first, then run this again.`);
  process.exit(1);
}
console.log(`${email} is ${revoke ? 'no longer' : 'now'} an admin.`);
