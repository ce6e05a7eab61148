export * from './auth';
export * from './content';
export * from './shop';
export * from './recipes';
export * from './rss';
export * from './insights';
export * from './idempotency';
export * from './newsletter';
