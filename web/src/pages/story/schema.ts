export { storyInput } from '@site/shared';
