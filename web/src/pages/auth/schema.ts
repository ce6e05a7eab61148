export { acceptInvitationInput, signInInput, signUpInput } from '@site/shared';
