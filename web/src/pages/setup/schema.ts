export { firstAdminInput } from '@site/shared';
