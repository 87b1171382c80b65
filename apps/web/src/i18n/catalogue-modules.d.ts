// A catalogue imported with `?lingui` is compiled by @lingui/vite-plugin into its messages.
declare module '*?lingui' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
