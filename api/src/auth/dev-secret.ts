/**
 * The secret that signs sessions and tokens outside production. It is published with the code, so
 * production refuses it (secret-strength.ts): one definition, used by auth.ts, tokens.ts and that check.
 */
export const DEV_SECRET = 'development-only-secret-not-for-production-use-0001';
