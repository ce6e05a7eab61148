export { contactInput } from '@site/shared';
