export { signInInput, signUpInput } from '@site/shared';
